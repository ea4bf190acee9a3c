//! The preferences menu behind the gear, the same on every page: the page gives its own items
//! (a game's board display, its sounds), and the menu adds the language and the theme, which
//! every page shares. Also what the page's dialogs share: the keys that close them and keep
//! the focus inside.

use super::storage;
use crate::i18n::Lang;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

// The Tab key kept inside a dialog: from its last control to its first, and back.
#[wasm_bindgen(inline_js = "export function trapTab(r,e){const f=[...r.querySelectorAll(
'button:not([disabled]),select:not([disabled]),input:not([disabled]),textarea,a[href]')].filter(x=>x.offsetParent);
if(!f.length)return;const a=f[0],b=f[f.length-1],n=document.activeElement;
if(e.shiftKey?n===a||!r.contains(n):n===b){(e.shiftKey?b:a).focus();e.preventDefault()}}")]
extern "C" {
    #[wasm_bindgen(js_name = trapTab)]
    fn trap_tab(root: &web_sys::Element, event: &web_sys::KeyboardEvent);
}

#[wasm_bindgen]
extern "C" {
    /// The page's loader (index.html) shows the remembered theme, or the system's.
    #[wasm_bindgen(js_namespace = boardSuite, js_name = showTheme)]
    fn show_theme();
}

/// What every page shares with its menu: the language, and the way to change it.
#[derive(Clone, PartialEq)]
pub struct Shell {
    pub lang: Lang,
    pub switch_language: Callback<()>,
}

/// Where the theme chosen is kept: `light`, `dark`, or `system` (as when nothing is kept).
const THEME_KEY: &str = "board-suite/theme";
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
    if let Some(element) = first.and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok()) {
        let _ = element.focus();
    }
}

/// Focuses the element `target` names, if it is shown.
pub fn focus(target: &NodeRef) {
    if let Some(element) = target.cast::<web_sys::HtmlElement>() {
        let _ = element.focus();
    }
}

/// An on/off switch of the menu: `button[data-action=name]`, its state in words beside its name.
pub fn toggle(name: &'static str, label: &'static str, on: bool, state: &'static str, onclick: Callback<MouseEvent>) -> Html {
    html! {
        <button data-action={name} class="pref" aria-pressed={on.to_string()} {onclick}>
            <span>{ label }</span><span class={classes!("state", on.then_some("on"))}>{ state }</span>
        </button>
    }
}

#[derive(Properties, PartialEq)]
pub struct SettingsMenuProps {
    /// The page's own items, first.
    #[prop_or_default]
    pub children: Html,
}

/// The gear and the menu it opens.
#[component]
pub fn SettingsMenu(props: &SettingsMenuProps) -> Html {
    let shell = use_context::<Shell>();
    let lang = shell.as_ref().map_or(Lang::En, |shell| shell.lang);
    let text = lang.text();
    let open = use_state_eq(|| false);
    let (gear, menu) = (use_node_ref(), use_node_ref());
    let theme = use_state(|| storage::read(THEME_KEY).filter(|t| THEMES.contains(&t.as_str())));
    {
        let menu = menu.clone();
        use_effect_with(*open, move |open| {
            if *open {
                focus_first(&menu);
            }
        });
    }
    let close = {
        let (open, gear) = (open.clone(), gear.clone());
        Callback::from(move |()| {
            open.set(false);
            focus(&gear);
        })
    };
    let switch = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let choose_theme = {
        let theme = theme.clone();
        Callback::from(move |e: Event| {
            let chosen = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            storage::write(THEME_KEY, &chosen);
            theme.set(Some(chosen));
            show_theme();
        })
    };
    let chosen = theme.as_deref().unwrap_or("system");
    let switch_language = shell.map(|shell| shell.switch_language.reform(|_: MouseEvent| ()));
    html! {
        <div class="settings">
            <button data-action="settings" class="gear" ref={gear} aria-expanded={open.to_string()}
                aria-haspopup="dialog" onclick={switch}>
                <span aria-hidden="true">{ "⚙" }</span>{ text.settings }
            </button>
            if *open {
                <div class="backdrop clear" onclick={close.reform(|_| ())}></div>
                <div data-menu="settings" class="menu" role="dialog" aria-modal="true" aria-label={text.settings}
                    ref={menu.clone()} onkeydown={dialog_keys(&menu, close.clone())}>
                    { props.children.clone() }
                    if let Some(onclick) = switch_language {
                        <label class="pref">
                            <span>{ text.language }</span>
                            <button data-action="language" lang={lang.other().code()} {onclick}
                                aria-label={format!("{} / Language", lang.other().text().name)}>
                                { lang.other().text().name }
                            </button>
                        </label>
                    }
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
            }
        </div>
    }
}
