//! A page whose code is a piece of its own (the home page in a game's binary, the players'
//! pages in every binary): drawn once its code is here, "loading" until then, and why not, with
//! Try again, if it could not be fetched.

use super::lazy::{Lazy, use_lazy_code};
use crate::i18n::Lang;
use yew::prelude::*;

/// What draws a page of its own, split off the binary: the home page, the players' pages (which
/// read their route from the address).
pub type DrawPage = fn(Lang) -> Html;

#[derive(Properties)]
pub struct LaterProps {
    pub lang: Lang,
    /// The cell that keeps the page's code.
    pub piece: &'static Lazy<DrawPage>,
}

impl PartialEq for LaterProps {
    fn eq(&self, other: &Self) -> bool {
        self.lang == other.lang && std::ptr::eq(self.piece, other.piece)
    }
}

/// A page whose code is split off the binary (the home page in a game's binary, a player's
/// page): drawn once its code is here, "loading" until then, and a notice with Try again if it
/// could not be fetched.
#[component]
pub fn Later(props: &LaterProps) -> Html {
    let attempt = use_state_eq(|| 1_u32);
    let page = use_lazy_code(props.piece, *attempt);
    let text = props.lang.text();
    match page.here {
        Some(draw) => draw(props.lang),
        None if page.failed => unavailable(
            text.part_unavailable,
            text.try_again,
            Callback::from(move |_| attempt.set(*attempt + 1)),
        ),
        None => html! { <main class="loading" data-page="loading" role="status">{ text.loading }</main> },
    }
}

/// A page whose code could not be fetched: why, in words, and Try again (`retry`).
pub fn unavailable(why: &'static str, try_again: &'static str, retry: Callback<MouseEvent>) -> Html {
    html! {
        <main class="loading" data-page="unavailable">
            <div data-notice="unavailable" class="notice" role="alert">
                <span>{ why }</span>
                <button data-action="retry" class="primary" onclick={retry}>{ try_again }</button>
            </div>
        </main>
    }
}
