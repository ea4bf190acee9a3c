//! The preferences menu behind the gear, the same on every page: the page gives its own items
//! (a game's board display, its sounds), and the menu adds the language and the theme, which
//! every page shares. Also what the page's dialogs share: the keys that close them and keep
//! the focus inside.

use super::js::trap_tab;
use crate::i18n::Lang;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The theme kept (`light`, `dark` or `system`): the page's loader (index.html) keeps it,
    /// since it shows it before anything is drawn.
    #[wasm_bindgen(js_namespace = boardSuite)]
    fn theme() -> String;
    /// Keeps a theme chosen and shows it.
    #[wasm_bindgen(js_namespace = boardSuite, js_name = chooseTheme)]
    fn choose_theme(theme: &str);
}

/// The menu's language button: the app, which holds the language, answers its click.
pub const LANGUAGE_BUTTON: &str = "[data-action=\"language\"]";

const THEMES: [&str; 3] = ["system", "light", "dark"];

/// The keys of a dialog rooted at `root`: Escape calls `on_close`, Tab stays inside.
pub fn dialog_keys(root: &NodeRef, on_close: Callback<()>) -> Callback<KeyboardEvent> {
    let root = root.clone();
    Callback::from(move |event: KeyboardEvent| {
        if event.key() == "Escape" {
            event.prevent_default();
            event.stop_propagation();
            on_close.emit(());
        } else if event.key() == "Tab"
            && let Some(root) = root.cast::<web_sys::Element>()
        {
            trap_tab(&root, &event);
        }
    })
}

/// Focuses the control inside `root` marked `autofocus`, else its first.
pub fn focus_first(root: &NodeRef) {
    let first = root.cast::<web_sys::Element>().and_then(|root| {
        ["[autofocus]", "button:not([disabled]), select, input"]
            .into_iter()
            .find_map(|selector| root.query_selector(selector).ok().flatten())
    });
    if let Some(element) = first.and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
    {
        let _ = element.focus();
    }
}

/// Focuses the element `target` names, if it is shown; whether it was.
pub fn focus(target: &NodeRef) -> bool {
    target.cast::<web_sys::HtmlElement>().is_some_and(|element| element.focus().is_ok())
}

/// An on/off switch of the menu: `button[data-action=name]`, its state in words beside its name.
pub fn toggle(
    name: &'static str,
    label: &'static str,
    on: bool,
    state: &'static str,
    onclick: Callback<MouseEvent>,
) -> Html {
    html! {
        <button data-action={name} class="pref" aria-pressed={on.to_string()} {onclick}>
            <span>{ label }</span><span class={classes!("state", on.then_some("on"))}>{ state }</span>
        </button>
    }
}

/// The menu's state: open or not, the theme chosen, and its gear and body.
pub struct Menu {
    open: UseStateHandle<bool>,
    theme: UseStateHandle<String>,
    gear: NodeRef,
    body: NodeRef,
}

/// A page's settings menu. A hook and a function rather than a component: a component costs
/// every page's first load its own copy of Yew's lifecycle code.
#[hook]
pub fn use_menu() -> Menu {
    let open = use_state_eq(|| false);
    let theme = use_state(theme);
    let (gear, body) = (use_node_ref(), use_node_ref());
    Menu { open, theme, gear, body }
}

/// Gives the keyboard focus to the menu's first item when it opens, once its body is `ready`
/// to be drawn (its code is here).
#[hook]
pub fn use_menu_focus(menu: &Menu, ready: bool) {
    let body = menu.body.clone();
    use_effect_with(*menu.open && ready, move |shown| {
        if *shown {
            focus_first(&body);
        }
    });
}

impl Menu {
    pub fn is_open(&self) -> bool {
        *self.open
    }
}

/// The gear and, while open, the menu's `body` ([`menu_body`]), once its code is here.
pub fn settings_menu(menu: &Menu, lang: Lang, body: Option<Html>) -> Html {
    let text = lang.text();
    let switch = {
        let open = menu.open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    html! {
        <div class="settings">
            <button data-action="settings" class="gear" ref={menu.gear.clone()} aria-expanded={menu.open.to_string()}
                aria-haspopup="dialog" onclick={switch}>
                <span aria-hidden="true">{ "⚙" }</span>{ text.settings }
            </button>
            if let Some(body) = body.filter(|_| *menu.open) {
                { body }
            }
        </div>
    }
}

/// The gear and its menu with the language and the theme alone: a page with no settings of its
/// own.
pub fn common_settings(menu: &Menu, lang: Lang) -> Html {
    settings_menu(menu, lang, menu.is_open().then(|| menu_body(menu, lang, html! {})))
}

/// The open menu: the page's own `items`, then the language and the theme.
pub fn menu_body(menu: &Menu, lang: Lang, items: Html) -> Html {
    let text = lang.text();
    let close = {
        let (open, gear) = (menu.open.clone(), menu.gear.clone());
        Callback::from(move |()| {
            open.set(false);
            focus(&gear);
        })
    };
    let choose_theme = {
        let theme = menu.theme.clone();
        Callback::from(move |e: Event| {
            let chosen = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            choose_theme(&chosen);
            theme.set(chosen);
        })
    };
    let chosen = menu.theme.as_str();
    html! {
        <>
            <div class="backdrop clear" onclick={close.reform(|_| ())}></div>
            <div data-menu="settings" class="menu" role="dialog" aria-modal="true" aria-label={text.settings}
                ref={menu.body.clone()} onkeydown={dialog_keys(&menu.body, close.clone())}>
                { items }
                <label class="pref">
                    <span>{ text.language }</span>
                    <button data-action="language" lang={lang.other().code()}
                        aria-label={format!("{} / Language", lang.other().text().name)}>
                        { lang.other().text().name }
                    </button>
                </label>
                <label class="pref">
                    <span>{ text.theme }</span>
                    <select data-setting="theme" onchange={choose_theme}>
                        { for THEMES.iter().zip(text.themes).map(|(value, name)| html! {
                            <option value={*value} selected={*value == chosen}>{ name }</option>
                        }) }
                    </select>
                </label>
                <button data-action="close-settings" class="close" onclick={close.reform(|_| ())}>{ text.close }</button>
            </div>
        </>
    }
}
