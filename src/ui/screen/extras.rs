//! What a game's page draws only once a player asks for it, split off each game's binary (its
//! `page!`) and fetched then: the new-game dialog, the settings menu's body, the board on a
//! canvas, the record's copy buttons and how to play the game.

use super::new_game::{self, NewGameProps};
use super::record::{self, DrawCopies};
use super::rules;
use crate::i18n::{GameText, Lang, Words};
use crate::ui::board::BoardProps;
use crate::ui::flow::Preference;
use crate::ui::lazy::LazyCode;
use crate::ui::model::Control;
use crate::ui::settings::{Menu, menu_body, toggle};
use yew::prelude::*;

/// What a game's page draws only once a player asks for it: the new-game dialog, the settings
/// menu, the board on a canvas, the record's copy buttons and how to play the game. Split off
/// each game's binary (its `page!`) and fetched the first time one of them is asked for (the
/// grid of cells is drawn until the canvas comes).
pub struct Extras {
    pub new_game: fn(NewGameProps) -> Html,
    pub canvas: fn(BoardProps) -> Html,
    pub menu: fn(&Menu, Lang, &GamePrefs) -> Html,
    pub copies: DrawCopies,
    pub help: Words<&'static [&'static str]>,
}

impl Extras {
    /// The extras of the game whose help this is.
    pub const fn with_help(help: Words<&'static [&'static str]>) -> Extras {
        Extras {
            new_game: new_game::draw,
            canvas: crate::ui::board::draw_canvas,
            menu: game_menu,
            copies: record::copies,
            help,
        }
    }
}

/// A game's own items of the settings menu, each an on/off choice and its switch (the move
/// numbers only where the board numbers its stones), as the extras draw them.
pub struct GamePrefs<'a> {
    pub text: &'static GameText,
    pub coordinates: (bool, Callback<MouseEvent>),
    pub numbers: Option<(bool, Callback<MouseEvent>)>,
    pub motion: (bool, Callback<MouseEvent>),
    pub sound: (bool, Callback<MouseEvent>),
    /// Drawn on a canvas rather than as the page's own cells.
    pub canvas: (bool, Callback<MouseEvent>),
    pub flow: &'a [(Preference, &'static str, bool)],
    pub on_control: &'a Callback<Control>,
}

/// The settings menu's body on a game's page: the game's items, then what every page's has.
/// Reached only through the extras, so split off with them.
fn game_menu(menu: &Menu, lang: Lang, prefs: &GamePrefs) -> Html {
    let text = prefs.text;
    let state = text.switched;
    let switch = |name, label, (on, onclick): &(bool, Callback<MouseEvent>)| {
        toggle(name, label, *on, state(*on), onclick.clone())
    };
    let (on_canvas, switch_renderer) = prefs.canvas.clone();
    let items = html! {
        <>
            { switch("coordinates", text.coordinates, &prefs.coordinates) }
            if let Some(numbers) = &prefs.numbers {
                { switch("numbers", text.move_numbers, numbers) }
            }
            { switch("motion", text.animations, &prefs.motion) }
            { switch("sound", text.sound, &prefs.sound) }
            <button data-action="renderer" class="pref" onclick={switch_renderer}>
                <span>{ text.renderer }</span>
                <span class="state">{ if on_canvas { text.use_canvas } else { text.use_dom } }</span>
            </button>
            { rules::flow_choices(prefs.flow, prefs.on_control) }
        </>
    };
    menu_body(menu, lang, items)
}

thread_local! {
    /// The extras' code, fetched the first time one of them is asked for.
    pub static EXTRAS: LazyCode<&'static Extras> = const { LazyCode::new() };
}
