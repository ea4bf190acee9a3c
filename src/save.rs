//! The save format: a game's record text (see [`crate::rules::record`]) in a small versioned
//! JSON envelope, with the turns that may be redone and the actions of a turn being made. Pure,
//! so it is tested natively; the browser storage that holds the text lives in `ui::storage`.
//!
//! Every save carries a revision, raised by each write. Tabs of one game follow each other by
//! it: a tab never writes over a save newer than the one it last read or wrote
//! ([`may_overwrite`]), it takes up the newer game instead.
//!
//! Format 1 held the moves as JSON; such saves are still read, and written anew as format 2.

use crate::rules::record::{self, Header, RecordError, Recorded, read_legs, write_legs};
use crate::rules::{Conclusion, Game, History, Illegal};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The save format this build writes. Raise it when the envelope or the record changes shape.
pub const FORMAT: u32 = 2;

/// Where a game's save is kept. The key's version names the storage layout and stays put when
/// [`FORMAT`] changes, so a save of another format is found, reported and backed up, not ignored.
pub fn key(game_id: &str) -> String {
    format!("board-suite/v1/{game_id}")
}

/// Where an unreadable save's text is kept rather than lost.
pub fn backup_key(game_id: &str) -> String {
    format!("board-suite/backup/{game_id}")
}

/// The fields read before trusting the rest, so a newer format is reported as such, not as
/// corrupt.
#[derive(Deserialize)]
struct Head {
    format: u32,
    game: String,
    /// Saves written before revisions existed count as revision 0.
    #[serde(default)]
    revision: Option<u64>,
}

/// A save of this format: the record's text, `redo` (the turns undone and not yet replayed,
/// the next to redo first, as the move list writes them) and `pending` (the actions of the
/// turn being made, one by one in the game's notation), these two only when there are some.
#[derive(Serialize, Deserialize)]
struct Envelope {
    format: u32,
    game: String,
    #[serde(default)]
    revision: u64,
    record: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    redo: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pending: Vec<String>,
}

/// A save of format 1: the config and the moves in their JSON forms.
#[derive(Deserialize)]
#[serde(bound = "")]
struct Envelope1<G: Game> {
    record: Record1<G>,
    #[serde(default)]
    pending: Vec<G::Move>,
}

#[derive(Deserialize)]
#[serde(bound = "")]
struct Record1<G: Game> {
    config: G::Config,
    moves: Vec<G::Move>,
    /// The moves to redo, the most recently undone last.
    #[serde(default)]
    redo: Vec<G::Move>,
    #[serde(default)]
    conclusion: Option<Conclusion>,
}

/// A save's head, if it is a save at all.
fn open(text: &str) -> Result<Head, LoadError> {
    crate::codec::read(text).ok_or(LoadError::Unreadable)
}

/// A saved game: its history, and the legs of a move being made that are not in it yet (a
/// multi-jump part-way, or a whole move waiting for Finish Turn).
#[derive(Clone, Debug, PartialEq)]
pub struct Saved<G: Game> {
    pub history: History<G>,
    pub pending: Vec<G::Move>,
    pub revision: u64,
}

/// Why a save could not be loaded.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadError {
    /// Not JSON, or not the shape of a save. (The text itself is kept in the backup; its
    /// parser's message is not, as it would add the JSON error tables to the page for nothing.)
    Unreadable,
    /// Written by an older or newer version of the suite.
    OtherFormat { found: u32 },
    /// A save of another game.
    OtherGame { found: String },
    /// The moves do not make a legal game.
    IllegalMove { ply: usize, reason: Illegal },
    /// The record text cannot be read.
    Record(RecordError),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Unreadable => write!(f, "not a readable save"),
            LoadError::OtherFormat { found } => write!(f, "format {found}, expected {FORMAT}"),
            LoadError::OtherGame { found } => write!(f, "a save of {found:?}"),
            LoadError::IllegalMove { ply, reason } => {
                write!(f, "move {} is illegal ({reason:?})", ply + 1)
            }
            LoadError::Record(error) => write!(f, "{error}"),
        }
    }
}

/// The save text of a history and the legs of the move being made, at a revision.
pub fn encode<G: Recorded>(history: &History<G>, pending: &[G::Move], revision: u64) -> String {
    // The turns to redo are read off a copy with them replayed.
    let mut ahead = history.clone();
    while ahead.redo() {}
    let envelope = Envelope {
        format: FORMAT,
        game: G::SLUG.to_owned(),
        revision,
        record: record::write(history, &Header { date: None, reveal: true, ..Header::default() }),
        redo: record::turn_texts(&ahead).split_off(history.turns().len()),
        pending: write_legs(history.current(), pending),
    };
    crate::codec::write(&envelope)
}

/// Reads a save: the format and game first, then the record through the rules, then the turns
/// to redo, the legs of the move in progress last.
pub fn decode<G: Recorded>(text: &str) -> Result<Saved<G>, LoadError> {
    let head = open(text)?;
    if head.game != G::SLUG && head.format <= FORMAT {
        return Err(LoadError::OtherGame { found: head.game });
    }
    let revision = head.revision.unwrap_or(0);
    match head.format {
        1 => decode_1(&crate::codec::read(text).ok_or(LoadError::Unreadable)?, revision),
        FORMAT => {
            let Envelope { record, redo, pending, .. } =
                crate::codec::read(text).ok_or(LoadError::Unreadable)?;
            let mut history = record::read::<G>(&record, 0).map_err(LoadError::Record)?;
            let played = history.ply();
            for (i, turn) in redo.iter().enumerate() {
                let illegal = |reason| LoadError::IllegalMove { ply: played + i, reason };
                let legs = history.current().read_turn(turn).ok_or(illegal(Illegal::NotAllowed))?;
                for leg in legs {
                    history.play(leg).map_err(illegal)?;
                }
            }
            for _ in &redo {
                history.undo();
            }
            let pending = read_legs(history.current(), &pending)
                .map_err(|(i, reason)| LoadError::IllegalMove { ply: history.ply() + i, reason })?;
            finish(history, pending, revision)
        }
        found => Err(LoadError::OtherFormat { found }),
    }
}

/// Reads a format-1 save: its moves are played, then those to redo replayed and undone.
fn decode_1<G: Game>(save: &Envelope1<G>, revision: u64) -> Result<Saved<G>, LoadError> {
    let Record1 { config, moves, redo, conclusion } = &save.record;
    let mut history = History::<G>::new(config);
    for (ply, &mv) in moves.iter().enumerate() {
        history.play(mv).map_err(|reason| LoadError::IllegalMove { ply, reason })?;
    }
    let played = history.ply();
    for &mv in redo.iter().rev() {
        history.play(mv).map_err(|reason| LoadError::IllegalMove { ply: played, reason })?;
    }
    while history.ply() > played && history.undo() {}
    if let Some(conclusion) = *conclusion {
        history.conclude(conclusion).map_err(|reason| LoadError::IllegalMove { ply: played, reason })?;
    }
    let mut position = history.current().clone();
    for (i, &mv) in save.pending.iter().enumerate() {
        position.play(mv).map_err(|reason| LoadError::IllegalMove { ply: played + i, reason })?;
    }
    finish(history, save.pending.clone(), revision)
}

/// A loaded game, unless it has a move in progress after its end.
fn finish<G: Game>(history: History<G>, pending: Vec<G::Move>, revision: u64) -> Result<Saved<G>, LoadError> {
    if history.outcome().is_some() && !pending.is_empty() {
        return Err(LoadError::IllegalMove { ply: history.ply(), reason: Illegal::GameOver });
    }
    Ok(Saved { history, pending, revision })
}

/// Whether a tab whose game is at `revision` may write over `stored`, the text now under the
/// game's key: not over a save of this game and format with a newer revision, which another
/// tab wrote since. Anything else (nothing, text that is no save of this game) may go.
pub fn may_overwrite(game_id: &str, revision: u64, stored: Option<&str>) -> bool {
    let head = stored.and_then(|text| open(text).ok());
    !head.is_some_and(|h| h.format == FORMAT && h.game == game_id && h.revision.unwrap_or(0) > revision)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::connect_four::{ConnectFour, history_of as history};
    use crate::rules::{Conclusion, Player};

    const ID: &str = "connect-four";

    #[test]
    fn a_save_round_trips_with_its_redo_moves() {
        let mut h = history(&[3, 3, 4, 2]);
        h.undo();
        h.undo();
        let text = encode(&h, &[], 0);
        let loaded = decode::<ConnectFour>(&text).unwrap().history;
        assert_eq!(loaded, h);
        assert!(loaded.can_redo());
    }

    /// The envelope as this build wrote it with serde's derived writer, before the page had its
    /// own JSON writer: today's saves must be byte for byte the same.
    #[derive(serde::Serialize)]
    struct SerdeEnvelope<'a> {
        format: u32,
        game: &'a str,
        revision: u64,
        record: String,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        redo: Vec<String>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pending: Vec<String>,
    }

    #[test]
    fn the_envelope_is_written_as_serde_wrote_it() {
        use crate::rules::connect_four::Move;
        let mut h = history(&[3, 3, 4, 2]);
        h.undo();
        h.undo();
        for (pending, revision) in [(vec![], 0), (vec![Move::Drop(1)], u64::MAX)] {
            let text = encode(&h, &pending, revision);
            let serde = SerdeEnvelope {
                format: FORMAT,
                game: ID,
                revision,
                record: record::write(&h, &Header { date: None, reveal: true, ..Header::default() }),
                redo: vec!["5".into(), "3".into()],
                pending: pending.iter().map(|Move::Drop(c)| (c + 1).to_string()).collect(),
            };
            assert_eq!(text, serde_json::to_string(&serde).unwrap());
            assert_eq!(
                decode::<ConnectFour>(&text).unwrap(),
                Saved { history: h.clone(), pending, revision }
            );
        }
    }

    #[test]
    fn a_save_too_deep_or_with_a_number_out_of_range_is_unreadable() {
        let deep = format!(
            r#"{{"format":2,"game":"connect-four","record":"","x":{}{}}}"#,
            "[".repeat(1000),
            "]".repeat(1000)
        );
        assert_eq!(decode::<ConnectFour>(&deep), Err(LoadError::Unreadable));
        for head in
            [r#""format":2,"revision":18446744073709551616"#, r#""format":4294967298"#, r#""format":2.0"#]
        {
            let text = format!(r#"{{{head},"game":"connect-four","record":""}}"#);
            assert_eq!(decode::<ConnectFour>(&text), Err(LoadError::Unreadable), "{text}");
        }
    }

    #[test]
    fn a_concluded_game_round_trips() {
        let mut h = history(&[3]);
        h.conclude(Conclusion::Resigned(Player::Second)).unwrap();
        assert_eq!(decode::<ConnectFour>(&encode(&h, &[], 0)).unwrap().history, h);
    }

    #[test]
    fn corrupt_text_is_an_error() {
        for text in ["", "{", "null", "[]", "\u{0}", r#"{"format":1}"#, r#"{"format":"1","game":"x"}"#] {
            assert!(matches!(decode::<ConnectFour>(text), Err(LoadError::Unreadable)), "{text:?}");
        }
        let wrong_shape = r#"{"format":1,"game":"connect-four","record":{"config":null,"moves":[{"Drop":"a"}],"redo":[],"conclusion":null}}"#;
        // A move of the wrong shape is no move at all.
        assert_eq!(decode::<ConnectFour>(wrong_shape), Err(LoadError::Unreadable));
        let no_moves = r#"{"format":1,"game":"connect-four","record":{"config":null}}"#;
        assert!(matches!(decode::<ConnectFour>(no_moves), Err(LoadError::Unreadable)));
    }

    #[test]
    fn older_and_newer_formats_are_refused_by_version() {
        for found in [0, FORMAT + 1, u32::MAX] {
            let text = format!(r#"{{"format":{found},"game":"connect-four","record":"whatever"}}"#);
            assert_eq!(decode::<ConnectFour>(&text), Err(LoadError::OtherFormat { found }));
        }
    }

    #[test]
    fn another_games_save_is_refused() {
        let text = encode(&history(&[1]), &[], 0);
        let as_gomoku = decode::<crate::rules::gomoku::Gomoku>(&text);
        assert!(matches!(as_gomoku, Err(LoadError::OtherGame { .. })));
    }

    #[test]
    fn a_hand_edited_illegal_game_is_refused() {
        // Seven discs in a six-row column.
        let moves = r#"[{"Drop":0},{"Drop":0},{"Drop":0},{"Drop":0},{"Drop":0},{"Drop":0},{"Drop":0}]"#;
        let text = format!(
            r#"{{"format":1,"game":"connect-four","record":{{"config":null,"moves":{moves},"redo":[],"conclusion":null}}}}"#
        );
        assert!(matches!(decode::<ConnectFour>(&text), Err(LoadError::IllegalMove { ply: 6, .. })));
        let bad_redo = r#"{"format":1,"game":"connect-four","record":{"config":null,"moves":[],"redo":[{"Drop":9}],"conclusion":null}}"#;
        assert!(matches!(decode::<ConnectFour>(bad_redo), Err(LoadError::IllegalMove { ply: 0, .. })));
    }

    #[test]
    fn a_conclusion_after_a_finished_game_is_refused() {
        let text = r#"{"format":1,"game":"connect-four","record":{"config":null,"moves":[{"Drop":0},{"Drop":1},{"Drop":0},{"Drop":1},{"Drop":0},{"Drop":1},{"Drop":0}],"redo":[],"conclusion":"DrawAgreed"}}"#;
        assert!(matches!(decode::<ConnectFour>(text), Err(LoadError::IllegalMove { .. })));
    }

    #[test]
    fn a_move_in_progress_round_trips_and_older_saves_have_none() {
        use crate::rules::connect_four::Move;
        let h = history(&[3, 3]);
        let text = encode(&h, &[Move::Drop(4)], 3);
        assert!(text.contains(r#""pending":["5"]"#), "{text}");
        let saved = Saved { history: h.clone(), pending: vec![Move::Drop(4)], revision: 3 };
        assert_eq!(decode::<ConnectFour>(&text).unwrap(), saved);
        // Saves written before moves in progress were saved have no such field.
        let without = encode(&h, &[], 0);
        assert!(!without.contains("pending"));
        assert_eq!(decode::<ConnectFour>(&without).unwrap().pending, []);
    }

    #[test]
    fn an_illegal_move_in_progress_is_refused() {
        let text = r#"{"format":1,"game":"connect-four","record":{"config":null,"moves":[{"Drop":0}],"redo":[],"conclusion":null},"pending":[{"Drop":9}]}"#;
        assert!(matches!(decode::<ConnectFour>(text), Err(LoadError::IllegalMove { ply: 1, .. })));
        let finished = r#"{"format":1,"game":"connect-four","record":{"config":null,"moves":[{"Drop":0}],"redo":[],"conclusion":"DrawAgreed"},"pending":[{"Drop":1}]}"#;
        assert_eq!(
            decode::<ConnectFour>(finished),
            Err(LoadError::IllegalMove { ply: 1, reason: Illegal::GameOver })
        );
    }

    #[test]
    fn a_save_carries_its_revision_and_older_saves_are_revision_zero() {
        let h = history(&[3]);
        assert_eq!(decode::<ConnectFour>(&encode(&h, &[], 7)).unwrap().revision, 7);
        let old = r#"{"format":1,"game":"connect-four","record":{"config":null,"moves":[{"Drop":3}],"redo":[],"conclusion":null}}"#;
        assert_eq!(decode::<ConnectFour>(old).unwrap(), Saved { history: h, pending: vec![], revision: 0 });
    }

    #[test]
    fn a_tab_never_writes_over_a_newer_revision_of_its_game() {
        let at = |revision| encode(&history(&[3]), &[], revision);
        // Nothing stored, the tab's own revision, or an older one: write.
        assert!(may_overwrite(ID, 4, None));
        assert!(may_overwrite(ID, 4, Some(&at(4))));
        assert!(may_overwrite(ID, 4, Some(&at(2))));
        // Another tab wrote since: keep its game.
        assert!(!may_overwrite(ID, 4, Some(&at(5))));
        assert!(!may_overwrite(ID, 0, Some(&at(1))));
        // Text that is no save of this game, in this format, holds no revision to respect (an
        // unreadable save was kept aside when it was found).
        for other in ["", "{", "null", r#"{"format":3,"game":"connect-four","revision":9}"#] {
            assert!(may_overwrite(ID, 0, Some(other)), "{other}");
        }
        assert!(may_overwrite("gomoku", 0, Some(&at(9))));
    }
}
