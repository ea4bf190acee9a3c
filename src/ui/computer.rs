//! The computer opponent on the page: who plays the computer and how strongly (remembered per
//! game), and the engine's Web Worker, started once a player chooses the computer (its files,
//! fetched then, are not part of the page's first load).
//!
//! The code that runs the worker is split off each game's binary (its `page!`, as
//! [`COMPUTER`]) and fetched with the worker's files, so a game with no computer carries none of
//! it.
//!
//! One search runs at a time. A new request, or a cancel (an undo, a new game, leaving the
//! page), ends the worker's search by ending the worker: a search cannot be interrupted from
//! outside, and an answer to an old position must never arrive. The next request starts a new
//! worker (its files come from the browser's cache).

use super::lazy::{LazyCode, OnDemand};
use crate::engine::messages::{Reply, Request};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use yew::Callback;

/// What the worker said, for the page.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineNews {
    /// The search's best turn so far (played if the player says Stop).
    Progress(String),
    Best(String),
    Failed(String),
}

/// A Web Worker of the engine's binary and its handlers, which live as long as it does. Dropped,
/// it is ended, its handlers unset first: a reply already on its way must not reach a handler
/// that no longer exists.
pub(super) struct EngineWorker {
    worker: web_sys::Worker,
    _on_message: Closure<dyn Fn(web_sys::MessageEvent)>,
    _on_error: Closure<dyn Fn(web_sys::Event)>,
}

impl EngineWorker {
    /// Starts a worker: `on_reply` hears each message it sends (`None` for one that is no reply)
    /// and `on_error` that its files could not be fetched or the engine failed.
    pub(super) fn start(on_reply: fn(Option<Reply>), on_error: fn()) -> Option<EngineWorker> {
        let worker = web_sys::Worker::new(WORKER).ok()?;
        let on_message =
            Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                on_reply(read_reply(&event.data().as_string().unwrap_or_default()));
            });
        let on_error = Closure::<dyn Fn(web_sys::Event)>::new(move |_| on_error());
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Some(EngineWorker { worker, _on_message: on_message, _on_error: on_error })
    }

    /// Sends a request's text; whether it could be sent.
    pub(super) fn post(&self, text: &str) -> bool {
        self.worker.post_message(&JsValue::from_str(text)).is_ok()
    }

    /// Ends the worker while it is still held (from its own handler, which must outlive the call).
    fn terminate(&self) {
        self.worker.terminate();
    }
}

impl Drop for EngineWorker {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

struct Running {
    worker: EngineWorker,
    id: u64,
    /// The request waiting for the worker to start, which it would not hear before.
    waiting: Option<String>,
    ready: bool,
    /// The worker failed and was ended.
    ended: bool,
    busy: bool,
    latest: Option<String>,
    on_heard: Callback<EngineNews>,
}

thread_local! {
    static RUNNING: RefCell<Option<Running>> = const { RefCell::new(None) };
    static NEXT_ID: RefCell<u64> = const { RefCell::new(1) };
}

/// The worker's loader, written beside the page by the build.
const WORKER: &str = "engine-worker_loader.js";

/// A worker's reply; `None` for text that is none.
pub(super) fn read_reply(text: &str) -> Option<Reply> {
    crate::codec::read(text)
}

fn start_worker() -> Option<Running> {
    // An unreadable reply is a failure of the worker, not a move.
    let on_reply = |reply: Option<Reply>| {
        heard(reply.unwrap_or(Reply::Failed { id: 0, why: "unreadable reply".to_owned() }))
    };
    // The worker's files could not be fetched (offline before the first use), or the engine
    // failed: the request in progress fails, in words, rather than thinking forever.
    let on_error = || {
        let id = RUNNING.with_borrow(|running| running.as_ref().map_or(0, |r| r.id));
        heard(Reply::Failed { id, why: "the engine stopped".to_owned() });
        // Ended here, replaced at the next request (not dropped here: this handler is its own).
        RUNNING.with_borrow_mut(|running| {
            if let Some(r) = running.as_mut() {
                r.worker.terminate();
                r.ended = true;
            }
        });
    };
    Some(Running {
        worker: EngineWorker::start(on_reply, on_error)?,
        id: 0,
        waiting: None,
        ready: false,
        ended: false,
        busy: false,
        latest: None,
        on_heard: Callback::noop(),
    })
}

/// Hands a reply to the request it answers; replies to any other request are dropped.
fn heard(reply: Reply) {
    let told = RUNNING.with_borrow_mut(|running| {
        let running = running.as_mut()?;
        let (id, heard) = match reply {
            Reply::Ready => {
                running.ready = true;
                if let Some(text) = running.waiting.take() {
                    running.worker.post(&text);
                }
                return None;
            }
            Reply::Progress { id, thought } => (id, EngineNews::Progress(thought.turn)),
            Reply::Best { id, thought } => (id, EngineNews::Best(thought.turn)),
            // The page never asks for a score.
            Reply::Solved { id, .. } | Reply::Analysed { id, .. } => {
                (id, EngineNews::Failed("an unexpected score".to_owned()))
            }
            Reply::Failed { id, why } => (id, EngineNews::Failed(why)),
        };
        if id != running.id || !running.busy {
            return None;
        }
        match &heard {
            EngineNews::Progress(turn) => running.latest = Some(turn.clone()),
            EngineNews::Best(_) | EngineNews::Failed(_) => running.busy = false,
        }
        Some((running.on_heard.clone(), heard))
    });
    // Told outside the borrow: the page may ask again at once.
    if let Some((on_heard, heard)) = told {
        on_heard.emit(heard);
    }
}

/// The code that runs the engine's worker for the page, split off a game's binary and handed
/// over once fetched.
pub struct ComputerCode {
    ask: fn(Request, Callback<EngineNews>),
    prepare: fn(),
    ready: fn() -> bool,
    cancel: fn(),
    stop: fn() -> Option<String>,
}

pub const COMPUTER: ComputerCode = ComputerCode {
    ask: start_search,
    prepare: prepare_worker,
    ready: worker_ready,
    cancel: end_search,
    stop: stop_search,
};

thread_local! {
    /// The computer's code, fetched with the worker once the computer is chosen or a hint asked.
    pub static ENGINE: LazyCode<&'static ComputerCode> = const { LazyCode::new() };
}

/// Asks the engine for a turn, ending any search in progress. `on_heard` hears its replies.
pub fn ask(request: Request, on_heard: Callback<EngineNews>) {
    ENGINE.then(move |code| match code {
        Some(code) => (code.ask)(request, on_heard),
        None => on_heard.emit(EngineNews::Failed("the engine could not start".to_owned())),
    });
}

/// Starts the worker ahead of the computer's first turn, so its files are fetched while the
/// player thinks; the page calls it once it is idle after the computer is chosen.
pub fn prepare() {
    yew::platform::spawn_local(async {
        if let Some(code) = ENGINE.get().await {
            (code.prepare)();
        }
    });
}

/// Whether the worker has started and can search at once (its files are in).
pub fn ready() -> bool {
    ENGINE.now().is_some_and(|code| (code.ready)())
}

/// Ends the search in progress, if any, or the request waiting for the code; its replies are
/// never heard.
pub fn cancel() {
    ENGINE.cancel();
    if let Some(code) = ENGINE.now() {
        (code.cancel)();
    }
}

/// Ends the search in progress and returns its best turn so far, to be played now.
pub fn stop() -> Option<String> {
    ENGINE.cancel();
    ENGINE.now().and_then(|code| (code.stop)())
}

fn start_search(mut request: Request, on_heard: Callback<EngineNews>) {
    end_search();
    let id = NEXT_ID.with_borrow_mut(|next| {
        *next += 1;
        *next
    });
    request.id = id;
    let text = request.to_text();
    let started = RUNNING.with_borrow_mut(|running| {
        if running.as_ref().is_none_or(|r| r.ended) {
            *running = start_worker();
        }
        let running = running.as_mut()?;
        if running.ready {
            running.worker.post(&text).then_some(())?;
        } else {
            running.waiting = Some(text);
        }
        running.id = id;
        running.busy = true;
        running.latest = None;
        running.on_heard = on_heard.clone();
        Some(())
    });
    if started.is_none() {
        on_heard.emit(EngineNews::Failed("the engine could not start".to_owned()));
    }
}

fn prepare_worker() {
    RUNNING.with_borrow_mut(|running| {
        if running.is_none() {
            *running = start_worker();
        }
    });
}

fn worker_ready() -> bool {
    RUNNING.with_borrow(|running| running.as_ref().is_some_and(|r| r.ready && !r.ended))
}

fn end_search() {
    RUNNING.with_borrow_mut(|running| {
        if running.as_ref().is_some_and(|r| r.busy) {
            *running = None;
        }
    });
}

fn stop_search() -> Option<String> {
    let latest =
        RUNNING.with_borrow(|running| running.as_ref().filter(|r| r.busy).and_then(|r| r.latest.clone()));
    end_search();
    latest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::analysis::Found;
    use crate::engine::{Score, Thought};

    fn thought(score: Score, exact: bool) -> Thought {
        Thought {
            turn: "b3?b2".into(),
            score,
            exact,
            pv: vec!["b3?b2".into(), "c4".into()],
            depth: 7,
            nodes: 9_001,
            time_ms: 12,
        }
    }

    #[test]
    fn every_reply_reads_as_the_engine_writes_it() {
        let replies = [
            Reply::Ready,
            Reply::Progress { id: 1, thought: thought(Score::Value(-35), false) },
            Reply::Best { id: 2, thought: thought(Score::Win(3), true) },
            Reply::Best { id: 3, thought: thought(Score::Loss(40), false) },
            Reply::Solved { id: 4, score: -2 },
            Reply::Analysed { id: 5, found: None },
            Reply::Analysed {
                id: 6,
                found: Some(Found {
                    score: Score::Win(3),
                    exact: true,
                    pv: vec!["4".into(), "3".into()],
                    columns: vec![Some(Score::Loss(2)), None, Some(Score::Value(0)), Some(Score::Win(3))],
                }),
            },
            Reply::Analysed {
                id: 7,
                found: Some(Found { score: Score::Value(-12), exact: false, pv: vec![], columns: vec![] }),
            },
            Reply::Failed { id: u64::MAX, why: "game over".into() },
        ];
        for reply in replies {
            let text = serde_json::to_string(&reply).unwrap();
            assert_eq!(read_reply(&text), Some(reply), "{text}");
        }
    }

    #[test]
    fn a_reply_that_is_not_one_is_refused() {
        for text in [
            "",
            "null",
            "\"Readyy\"",
            "{}",
            r#"{"Best":{"id":1}}"#,
            r#"{"Solved":{"id":1,"score":1.5}}"#,
            r#"{"Other":{"id":1}}"#,
        ] {
            assert_eq!(read_reply(text), None, "{text}");
        }
    }
}
