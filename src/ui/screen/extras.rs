//! What a game's page draws only once a player asks for it, split off each game's binary (its
//! `page!`) and fetched then: the new-game dialog, the settings menu's body, the board on a
//! canvas, the record's copy buttons and how to play the game.

use super::extras_words::EXTRAS_WORDS;
use super::new_game::{self, NewGameProps};
use super::record::{self, DrawCopies};
use super::rules;
use crate::i18n::{GameText, Lang, Words};
use crate::ui::board::BoardProps;
use crate::ui::flow::Preference;
use crate::ui::lazy::LazyCode;
use crate::ui::model::{Control, DisplayChoice, ScreenPrefs};
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

/// A game's own items of the settings menu, as the extras draw them: the screen's display
/// choices (the move numbers only where the board numbers its stones) and the turn flow's.
pub struct GamePrefs<'a> {
    pub text: &'static GameText,
    pub prefs: &'a ScreenPrefs,
    pub numbered: bool,
    pub flow: &'a [(Preference, &'static str, bool)],
    pub on_control: &'a Callback<Control>,
}

/// The settings menu's body on a game's page: the game's items, then what every page's has.
/// Reached only through the extras, so split off with them.
fn game_menu(menu: &Menu, lang: Lang, game: &GamePrefs) -> Html {
    let (text, prefs) = (game.text, game.prefs);
    let words = EXTRAS_WORDS.of(lang);
    let state = text.switched;
    let turn = |display, on: bool| game.on_control.reform(move |_: MouseEvent| Control::Switch(display, !on));
    let switch = |name, label, on: bool, display| toggle(name, label, on, state(on), turn(display, on));
    let items = html! {
        <>
            { switch("coordinates", text.coordinates, prefs.coordinates, DisplayChoice::Coordinates) }
            if game.numbered {
                { switch("numbers", words.move_numbers, prefs.numbers, DisplayChoice::Numbers) }
            }
            { switch("motion", words.animations, prefs.motion, DisplayChoice::Motion) }
            { switch("sound", words.sound, prefs.sound, DisplayChoice::Sound) }
            { switch("free-chat", words.free_chat, prefs.free_chat, DisplayChoice::FreeChat) }
            <button data-action="renderer" class="pref" onclick={turn(DisplayChoice::Canvas, prefs.canvas)}>
                <span>{ words.renderer }</span>
                <span class="state">{ if prefs.canvas { words.use_canvas } else { words.use_dom } }</span>
            </button>
            { rules::flow_choices(game.flow, state, game.on_control) }
        </>
    };
    menu_body(menu, lang, items)
}

thread_local! {
    /// The extras' code, fetched the first time one of them is asked for.
    pub static EXTRAS: LazyCode<&'static Extras> = const { LazyCode::new() };
}
