//! The analysis board's engine and memory: a worker of its own (a second `Worker` of the
//! engine's binary, started when a player presses Analyse, so the hint and the computer
//! opponent stay free), asked one position at a time, and what it found kept in storage under
//! the game's record, so a review shows it again at once.
//!
//! The main thread only sends the next request, keeps each answer and redraws: every search
//! runs in the worker. A cancel ends the worker.

use super::computer::EngineWorker;
use super::lazy::LazyCode;
use super::storage;
use crate::engine::Score;
use crate::engine::analysis::{Found, eval_text, read_eval};
use crate::engine::messages::Reply;
use crate::json::{self, Value};
use crate::rules::record::Annotation;
use std::any::Any;
use std::cell::RefCell;
use yew::Callback;

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

/// The analysis's code a game's page needs only once a game ends or a record brings marks,
/// split off the game's binary (its `page!`) and fetched then: the engine's findings kept and
/// read back, and the worker asked for them (its panel is the screen's, `ANALYSIS_VIEW`).
pub struct Tools {
    pub load: fn(&str) -> Stored,
    pub save: fn(&str, &Stored),
    pub start: fn(String, Vec<String>, Stored, Callback<AnalysisNews>),
}

pub const TOOLS: Tools = Tools { load, save, start };

thread_local! {
    /// The analysis's code (a game's binary's `AnalysisCode` for its game, as `Any`), fetched
    /// once the game shown could use it.
    pub static ANALYSIS: LazyCode<&'static dyn Any> = const { LazyCode::new() };
}

/// The storage key of a game's analysis: its game and a hash (FNV-1a, 64 bits, the same in
/// every build) of its short record, which names its start and every turn.
pub fn key(slug: &str, short_record: &str) -> String {
    let hash = short_record.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("board-suite/analysis/{slug}/{hash:016x}")
}

fn score_value(score: Score) -> Value {
    Value::from(eval_text(score))
}

/// A finding as storage keeps it: `{"s":"0.35","x":true,"pv":["4"],"c":["#7",null]}`, the
/// scores for the player to move, written as records write evaluations.
fn write_found(found: &Option<Found>) -> Value {
    let Some(found) = found else { return Value::Null };
    let columns = found.columns.iter().map(|c| c.map_or(Value::Null, score_value)).collect();
    Value::object([
        ("s", score_value(found.score)),
        ("x", Value::from(found.exact)),
        ("pv", Value::strings(&found.pv)),
        ("c", Value::Array(columns)),
    ])
}

fn read_found(value: &Value) -> Option<Option<Found>> {
    if value.is_null() {
        return Some(None);
    }
    let score = |v: &Value| read_eval(v.as_str()?);
    let texts =
        |v: &Value| v.as_array()?.iter().map(|t| t.as_str().map(str::to_owned)).collect::<Option<Vec<_>>>();
    Some(Some(Found {
        score: score(&value["s"])?,
        exact: value["x"].as_bool()?,
        pv: texts(&value["pv"])?,
        columns: value["c"]
            .as_array()?
            .iter()
            .map(|c| if c.is_null() { Some(None) } else { score(c).map(Some) })
            .collect::<Option<_>>()?,
    }))
}

/// The text storage keeps for an analysis.
pub fn write(stored: &Stored) -> String {
    let found = stored.found.iter().map(write_found).collect();
    let note = |text: &Option<String>| Value::from(text.clone());
    let notes = stored.notes.iter().map(|n| Value::Array(vec![note(&n.glyph), note(&n.eval)])).collect();
    Value::object([("found", Value::Array(found)), ("notes", Value::Array(notes))]).write()
}

/// Reads [`write`] back; anything unreadable is no analysis.
pub fn read(text: &str) -> Stored {
    let read = || {
        let value = json::parse(text).ok()?;
        let found = value["found"].as_array()?.iter().map(read_found).collect::<Option<_>>()?;
        let note = |v: &Value| v.as_str().map(str::to_owned);
        let notes =
            value["notes"].as_array()?.iter().map(|n| Annotation { glyph: note(&n[0]), eval: note(&n[1]) });
        Some(Stored { found, notes: notes.collect() })
    };
    read().unwrap_or_default()
}

fn load(key: &str) -> Stored {
    storage::read(key).map(|text| read(&text)).unwrap_or_default()
}

fn save(key: &str, stored: &Stored) {
    storage::write(key, &write(stored));
}

struct Running {
    worker: EngineWorker,
    key: String,
    /// The request of each position, as text, its id the position's index.
    requests: Vec<String>,
    /// The position asked about now.
    next: usize,
    stored: Stored,
    on_heard: Callback<AnalysisNews>,
}

thread_local! {
    static RUNNING: RefCell<Option<Running>> = const { RefCell::new(None) };
}

/// Analyses the game whose analysis `key` keeps, from where `stored` ends: `requests` are
/// every position's, as text, the request of position `i` with id `i`. Each finding is kept
/// and handed to `on_heard`.
fn start(key: String, requests: Vec<String>, stored: Stored, on_heard: Callback<AnalysisNews>) {
    cancel();
    let Some(worker) = EngineWorker::start(heard, || heard(None)) else {
        on_heard.emit(AnalysisNews::Failed);
        return;
    };
    let next = stored.found.len();
    let running = Running { worker, key, requests, next, stored, on_heard };
    RUNNING.with_borrow_mut(|slot| *slot = Some(running));
}

/// The worker's reply: the next position asked for once it is ready and after each finding.
fn heard(reply: Option<Reply>) {
    let told = RUNNING.with_borrow_mut(|slot| {
        let running = slot.as_mut()?;
        let heard = match reply {
            Some(Reply::Ready) => None,
            Some(Reply::Analysed { id, found }) if id == running.next as u64 => {
                running.stored.found.push(found.clone());
                save(&running.key, &running.stored);
                running.next += 1;
                Some(AnalysisNews::Found(id as usize, found))
            }
            // Not an answer to the position asked about: the worker failed.
            _ => Some(AnalysisNews::Failed),
        };
        let on_heard = running.on_heard.clone();
        match running.requests.get(running.next) {
            Some(text) if heard != Some(AnalysisNews::Failed) => {
                running.worker.post(text);
            }
            _ => *slot = None,
        }
        heard.map(|heard| (on_heard, heard))
    });
    // Told outside the borrow: the page may cancel at once.
    if let Some((on_heard, heard)) = told {
        on_heard.emit(heard);
    }
}

/// The key of the analysis running now, if any.
pub fn running() -> Option<String> {
    RUNNING.with_borrow(|slot| slot.as_ref().map(|r| r.key.clone()))
}

/// Ends the analysis in progress, and its worker; what it found is kept.
pub fn cancel() {
    drop(RUNNING.with_borrow_mut(Option::take));
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

/// Whether a link (a location's hash) asks the page to analyse the game it opens
/// (`&analysis=1`).
pub fn asked(hash: &str) -> bool {
    hash.split_once('?').is_some_and(|(_, query)| query.split('&').any(|pair| pair == "analysis=1"))
}

/// Where a game continued from another's position keeps its origin.
fn origin_key(slug: &str) -> String {
    format!("board-suite/origin/{slug}")
}

/// Keeps the origin of a game continued from another's position, with the turns it was
/// continued after (`turns`), or forgets it.
pub fn keep_origin(slug: &str, origin: Option<&str>, turns: &[String]) {
    storage::write(
        &origin_key(slug),
        &origin.map(|o| format!("{}\n{o}", turns.join(" "))).unwrap_or_default(),
    );
}

/// The origin kept for a game, if the game is still the one continued: it begins with the
/// turns the origin was kept with.
pub fn kept_origin(slug: &str, turns: &[String]) -> Option<String> {
    origin_of(&storage::read(&origin_key(slug))?, turns)
}

fn origin_of(kept: &str, turns: &[String]) -> Option<String> {
    let (before, origin) = kept.split_once('\n')?;
    let before: Vec<&str> = before.split_whitespace().collect();
    let now: Vec<&str> = turns.iter().map(String::as_str).collect();
    (now.get(..before.len()) == Some(&before[..]) && !origin.is_empty()).then(|| origin.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_key_is_its_records_and_stays_the_same() {
        let one = key("connect-four", "4 4 3 *");
        assert_eq!(one, key("connect-four", "4 4 3 *"));
        assert_ne!(one, key("connect-four", "4 4 3 1-0"));
        assert_ne!(one, key("gomoku", "4 4 3 *"));
        // FNV-1a of the empty text: the same in every build.
        assert_eq!(key("gomoku", ""), "board-suite/analysis/gomoku/cbf29ce484222325");
        assert!(one.starts_with("board-suite/analysis/connect-four/"));
    }

    #[test]
    fn an_analysis_reads_back_as_kept() {
        let stored = Stored {
            found: vec![
                Some(Found {
                    score: Score::Win(7),
                    exact: true,
                    pv: vec!["4".into(), "3\"".into()],
                    columns: vec![Some(Score::Loss(2)), None, Some(Score::Value(0)), Some(Score::Win(7))],
                }),
                Some(Found { score: Score::Value(-135), exact: false, pv: vec![], columns: vec![] }),
                None,
            ],
            notes: vec![
                Annotation { glyph: Some("??".into()), eval: Some("#-4".into()) },
                Annotation::default(),
            ],
        };
        assert_eq!(read(&write(&stored)), stored);
        assert_eq!(read(&write(&Stored::default())), Stored::default());
        for bad in ["", "{", "[]", r#"{"found":[{"s":"x"}],"notes":[]}"#, r#"{"found":[]}"#] {
            assert_eq!(read(bad), Stored::default(), "{bad}");
        }
    }

    #[test]
    fn a_link_asks_for_an_analysis() {
        assert!(asked("#/gomoku?record=h8+*&analysis=1"));
        assert!(asked("#/gomoku?analysis=1"));
        assert!(!asked("#/gomoku?record=h8+*"));
        assert!(!asked("#/gomoku?record=h8+*&analysis=10"));
        assert!(!asked("#/gomoku"));
    }

    #[test]
    fn an_origin_holds_while_the_game_is_the_one_continued() {
        let turns = |t: &str| t.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
        let kept = "h8 h9\n#/gomoku?record=h8+h9+i9+* after move 2";
        let origin = Some("#/gomoku?record=h8+h9+i9+* after move 2".to_owned());
        assert_eq!(origin_of(kept, &turns("h8 h9")), origin);
        assert_eq!(origin_of(kept, &turns("h8 h9 a1 a2")), origin);
        assert_eq!(origin_of(kept, &turns("h8")), None);
        assert_eq!(origin_of(kept, &turns("h8 h10")), None);
        assert_eq!(origin_of("", &turns("h8")), None);
        // From the start: any game of it, until forgotten.
        assert!(origin_of("\nx after move 0", &turns("a1")).is_some());
    }

    #[test]
    fn a_columns_value_in_words() {
        assert_eq!(column_value(Some(Score::Win(7)), 30), Some(("win", 7)));
        assert_eq!(column_value(Some(Score::Loss(2)), 30), Some(("loss", 2)));
        assert_eq!(column_value(Some(Score::Value(0)), 30), Some(("draw", 30)));
        assert_eq!(column_value(None, 30), None);
    }
}
