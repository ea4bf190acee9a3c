//! The analysis board's engine and memory: a worker of its own (a second `Worker` of the
//! engine's binary, started when a player presses Analyse, so the hint and the computer
//! opponent stay free), asked one position at a time, and what it found kept in storage under
//! the game's record, so a review shows it again at once.
//!
//! The main thread only sends the next request, keeps each answer and redraws: every search
//! runs in the worker. A cancel ends the worker.

use super::computer::EngineWorker;
use super::lazy::LazyCode;
use super::model::{AnalysisNews, Stored};
use super::storage;
use crate::engine::Score;
use crate::engine::analysis::{Found, eval_text, read_eval};
use crate::engine::messages::Reply;
use crate::rules::record::Annotation;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::cell::RefCell;
use yew::Callback;

/// The analysis's code a game's page needs only once a game ends or a record brings marks,
/// split off the game's binary (its `page!`) and fetched then: the engine's findings kept and
/// read back, and the worker asked for them (its panel is the screen's, `ANALYSIS_VIEW`).
pub struct Tools {
    pub load: fn(&str) -> Stored,
    pub save: fn(&str, &Stored),
    pub start: fn(String, Vec<String>, Stored, Callback<AnalysisNews>),
}

pub const TOOLS: Tools = Tools { load, save, start };

/// The analysis's code as the page takes it: the game's own (a game's binary's `AnalysisCode`
/// for its game, as `Any`: the page knows its game) and the tools.
#[derive(Clone, Copy)]
pub struct Fetched {
    pub code: &'static dyn Any,
    pub tools: &'static Tools,
}

thread_local! {
    /// The analysis's code, fetched once the game shown could use it.
    pub static ANALYSIS: LazyCode<Fetched> = const { LazyCode::new() };
}

/// A score as records write evaluations (`0.35`, `#-4`).
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
struct Eval(Score);

impl TryFrom<String> for Eval {
    type Error = &'static str;
    fn try_from(text: String) -> Result<Eval, Self::Error> {
        read_eval(&text).map(Eval).ok_or("not an evaluation")
    }
}

impl From<Eval> for String {
    fn from(Eval(score): Eval) -> String {
        eval_text(score)
    }
}

/// An analysis as storage keeps it: `{"found":[…],"notes":[["??","#-4"],[null,null]]}`, each
/// finding `{"s":"0.35","x":true,"pv":["4"],"c":["#7",null]}` (`null` where the rules had
/// ended the game), the scores for the player to move.
#[derive(Serialize, Deserialize)]
struct Kept {
    found: Vec<Option<KeptFound>>,
    notes: Vec<(Option<String>, Option<String>)>,
}

#[derive(Serialize, Deserialize)]
struct KeptFound {
    s: Eval,
    x: bool,
    pv: Vec<String>,
    c: Vec<Option<Eval>>,
}

/// The text storage keeps for an analysis.
pub fn write(stored: &Stored) -> String {
    let found = |found: &Found| KeptFound {
        s: Eval(found.score),
        x: found.exact,
        pv: found.pv.clone(),
        c: found.columns.iter().map(|c| c.map(Eval)).collect(),
    };
    let kept = Kept {
        found: stored.found.iter().map(|f| f.as_ref().map(found)).collect(),
        notes: stored.notes.iter().map(|n| (n.glyph.clone(), n.eval.clone())).collect(),
    };
    crate::codec::write(&kept)
}

/// Reads [`write`] back; anything unreadable is no analysis.
pub fn read(text: &str) -> Stored {
    let Some(Kept { found, notes }) = crate::codec::read(text) else { return Stored::default() };
    let finding = |f: KeptFound| Found {
        score: f.s.0,
        exact: f.x,
        pv: f.pv,
        columns: f.c.into_iter().map(|c| c.map(|Eval(score)| score)).collect(),
    };
    Stored {
        found: found.into_iter().map(|f| f.map(finding)).collect(),
        notes: notes.into_iter().map(|(glyph, eval)| Annotation { glyph, eval }).collect(),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
