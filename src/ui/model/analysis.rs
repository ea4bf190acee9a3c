//! What the analysis finds and keeps, as the session, the analysis's worker and its panel
//! share it.

use crate::engine::Score;
use crate::engine::analysis::Found;
use crate::rules::record::Annotation;

/// What is kept of a game's analysis: each position's finding, the start first, as far as the
/// analysis went (`None` where the rules had ended the game), and the marks a record brought.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stored {
    pub found: Vec<Option<Found>>,
    pub notes: Vec<Annotation>,
}

/// What the worker said of a position, for the page.
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisNews {
    /// The finding of the position at this index.
    Found(usize, Option<Found>),
    Failed,
}

/// The storage key of a game's analysis: its game and a hash (FNV-1a, 64 bits, the same in
/// every build) of its short record, which names its start and every turn.
pub fn analysis_key(slug: &str, short_record: &str) -> String {
    let hash = short_record.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("board-suite/analysis/{slug}/{hash:016x}")
}

/// What an exact column's value says for the player to move: its word for `data-value`
/// (`win`, `draw`, `loss`) and the turns until the end with best play (a draw ends when the
/// board is full: `cells_left` turns). `None` for a column whose value is not known.
pub fn column_value(score: Option<Score>, cells_left: u32) -> Option<(&'static str, u32)> {
    Some(match score? {
        Score::Win(plies) => ("win", plies),
        Score::Loss(plies) => ("loss", plies),
        Score::Value(_) => ("draw", cells_left),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_key_is_its_records_and_stays_the_same() {
        let one = analysis_key("connect-four", "4 4 3 *");
        assert_eq!(one, analysis_key("connect-four", "4 4 3 *"));
        assert_ne!(one, analysis_key("connect-four", "4 4 3 1-0"));
        assert_ne!(one, analysis_key("gomoku", "4 4 3 *"));
        // FNV-1a of the empty text: the same in every build.
        assert_eq!(analysis_key("gomoku", ""), "board-suite/analysis/gomoku/cbf29ce484222325");
        assert!(one.starts_with("board-suite/analysis/connect-four/"));
    }

    #[test]
    fn a_columns_value_in_words() {
        assert_eq!(column_value(Some(Score::Win(7)), 30), Some(("win", 7)));
        assert_eq!(column_value(Some(Score::Loss(2)), 30), Some(("loss", 2)));
        assert_eq!(column_value(Some(Score::Value(0)), 30), Some(("draw", 30)));
        assert_eq!(column_value(None, 30), None);
    }
}
