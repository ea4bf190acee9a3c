//! The board every game shares, drawn as a CSS grid of cells (`dom`) or on a canvas
//! (`canvas`). Both take the same [`BoardView`] and give the same [`BoardAction`]s through the
//! same input handling (`input`), so a game can switch between them at any moment.

mod canvas;
mod dom;
mod input;
mod motion;
mod piece;
mod thumbnail;

pub use dom::Board;
pub use piece::piece;
pub use thumbnail::lined_board;

use crate::ui::model::{BoardAction, BoardView};

use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties)]
pub struct BoardProps {
    pub view: Rc<BoardView>,
    pub on_action: Callback<BoardAction>,
    /// False once the game is over: nothing can be selected or dragged.
    pub interactive: bool,
    /// Show each stone's move number.
    #[prop_or_default]
    pub numbers: bool,
    /// Show the coordinates the move list writes.
    #[prop_or_default]
    pub coordinates: bool,
    /// Animate the pieces' moves.
    #[prop_or_default]
    pub moving: bool,
    /// Told when the player picks up a piece (by click, key or drag): an input for the page.
    #[prop_or_default]
    pub on_select: Callback<()>,
    /// Told when a change's motions end (`Date.now()`, in ms; 0 for none): the computer's
    /// reply waits for them.
    #[prop_or_default]
    pub on_motion: Callback<f64>,
}

/// A new view is a new pointer (the page makes one whenever the game changes): cheaper to
/// compare than every cell.
impl PartialEq for BoardProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.view, &other.view)
            && (self.interactive, self.numbers, self.coordinates, self.moving)
                == (other.interactive, other.numbers, other.coordinates, other.moving)
            && (&self.on_action, &self.on_select, &self.on_motion)
                == (&other.on_action, &other.on_select, &other.on_motion)
    }
}

/// Draws the board on a canvas. Reached only through the screen's extras, so split off with
/// them.
pub fn draw_canvas(props: BoardProps) -> Html {
    html! { <canvas::CanvasBoard ..props /> }
}

#[cfg(test)]
mod tests;
