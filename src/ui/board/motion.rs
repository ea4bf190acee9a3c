//! How the board's pieces move between two of its views, and the sound of it.

use crate::ui::effects::{self, Sound};
use crate::ui::model::{BoardView, Piece, Pos};
use std::rc::Rc;
use yew::prelude::*;

/// How a piece came to be where it is, or went: what the board animates after a change.
#[derive(Clone, Debug, PartialEq)]
pub enum Motion {
    /// The piece now at the last cell came through the others, from the first.
    Slide(Vec<Pos>),
    /// The piece fell into its cell from above the board.
    Fall(Pos),
    /// The piece was set down on its cell.
    Place(Pos),
    /// The piece was turned over, or changed (a man crowned).
    Turn(Pos),
    /// This piece left this cell: taken.
    Taken(Pos, Piece),
}

/// Whether `now` is `was` turned over or changed in place: a flip, a man crowned (the same
/// side's piece).
fn turned(was: &Piece, now: &Piece) -> bool {
    match (was, now) {
        (Piece::FaceDown, _) => true,
        (Piece::FaceUp { owner, .. }, Piece::FaceUp { owner: now, .. }) => owner == now,
        _ => false,
    }
}

/// The most cells a change may touch and still be animated: more is a jump through the game
/// (a review, a loaded record), which is shown at once.
const MOST_CHANGED: usize = 6;

/// The motions that take the pieces of `before` to those of `after`, read from the two boards
/// alone: a piece that left one cell and appeared on another slid there; one that appeared
/// from nowhere was placed (or fell); one that changed was turned; one that went was taken.
/// Nothing when too much changed to tell.
pub fn motions(before: &BoardView, after: &BoardView) -> Vec<Motion> {
    if (before.columns, before.rows) != (after.columns, after.rows) {
        return Vec::new();
    }
    let at = |i: usize| (i % after.columns, i / after.columns);
    let piece = |view: &BoardView, i: usize| view.cells.get(i).and_then(|c| c.piece.clone());
    let changed: Vec<usize> =
        (0..after.cells.len()).filter(|&i| piece(before, i) != piece(after, i)).collect();
    if changed.len() > MOST_CHANGED {
        return Vec::new();
    }
    let mut left: Vec<usize> = changed.iter().copied().filter(|&i| piece(before, i).is_some()).collect();
    let mut motions = Vec::new();
    for &i in &changed {
        let Some(now) = piece(after, i) else { continue };
        let was = piece(before, i);
        // The same piece left another cell: it slid here (through the last turn's trail); or,
        // with none, the same side's (a man that was crowned on arriving).
        let same = |j: &usize| *j != i && piece(before, *j) == Some(now.clone());
        let kin = |j: &usize| *j != i && piece(before, *j).is_some_and(|p| turned(&p, &now));
        if let Some(k) = left.iter().position(same).or_else(|| left.iter().position(kin)) {
            let from = at(left.remove(k));
            let mut path = vec![from];
            path.extend(after.trail.iter().copied().skip_while(|&p| p == from).filter(|&p| p != at(i)));
            path.push(at(i));
            motions.push(Motion::Slide(path));
            if let Some(was) = was {
                motions.push(Motion::Taken(at(i), was));
            }
        } else if was.as_ref().is_some_and(|was| turned(was, &now)) {
            motions.push(Motion::Turn(at(i)));
        } else if after.gravity {
            motions.push(Motion::Fall(at(i)));
        } else {
            motions.push(Motion::Place(at(i)));
        }
    }
    // What left and is nowhere now was taken.
    motions.extend(
        left.into_iter()
            .filter(|&j| piece(after, j).is_none())
            .filter_map(|j| piece(before, j).map(|was| Motion::Taken(at(j), was))),
    );
    motions
}

/// The motions of the latest change of the board's pieces, kept until the pieces change again
/// (a board redrawn for any other reason keeps its animations running), and its sound. None
/// when `moving` is off, and none for the first board shown. `on_motion` is told when a
/// change's motions end (`Date.now()`, in ms; 0 for none).
#[hook]
pub fn use_motions(view: Rc<BoardView>, moving: bool, on_motion: &Callback<f64>) -> Rc<Vec<Motion>> {
    let state = use_mut_ref(|| (None::<Rc<BoardView>>, Rc::new(Vec::new())));
    let mut state = state.borrow_mut();
    let same =
        |shown: &Rc<BoardView>| shown.cells.iter().map(|c| &c.piece).eq(view.cells.iter().map(|c| &c.piece));
    if !state.0.as_ref().is_some_and(same) {
        let motions = state.0.replace(view.clone()).map(|before| motions(&before, &view)).unwrap_or_default();
        // A move is heard even when it is not animated.
        if !motions.is_empty() {
            let taken = motions.iter().any(|m| matches!(m, Motion::Taken(..)));
            effects::play(if taken { Sound::Capture } else { Sound::Move });
            // Once drawn, a taken piece that goes to a tray beside the board flies there: where
            // to is read from the page laid out for that frame, not before it.
            if moving && taken {
                crate::ui::js::after_paint(effects::to_tray);
            }
        }
        let ends =
            if moving && !motions.is_empty() { js_sys::Date::now() + motion_ms(&motions) } else { 0.0 };
        on_motion.emit(ends);
        state.1 = Rc::new(if moving { motions } else { Vec::new() });
    }
    state.1.clone()
}

/// The longest of `motions`, in ms, as the page draws them (the durations of styles/main.css;
/// the canvas draws every motion in less), and a moment more for the frame that starts them:
/// a slide by its legs, a fall, a placement, a turn, a taken piece fading or flying to its tray.
fn motion_ms(motions: &[Motion]) -> f64 {
    let longest = motions.iter().map(|motion| match motion {
        // A longer path slides straight from where it began, as one leg.
        Motion::Slide(path) => match path.len().saturating_sub(1) {
            2 => 450.0,
            3 => 600.0,
            4 => 750.0,
            _ => 260.0,
        },
        Motion::Fall(_) => 420.0,
        Motion::Place(_) => 200.0,
        Motion::Turn(_) => 300.0,
        Motion::Taken(..) => 450.0,
    });
    longest.fold(0.0, f64::max) + 50.0
}
