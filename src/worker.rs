//! The engine's Web Worker: a second wasm binary, fetched only when a player first chooses the
//! computer, so the page's first load does not carry it. Natively there is nothing to run.
//!
//! The page posts a [`Request`] as JSON text; the worker answers with [`Reply`]s: progress
//! after each depth, then the turn to play. It reads one request at a time; the page ends a
//! search by ending the worker. Connect Four's opening book is a file of its own, fetched the
//! first time a request wants it (the top level, or an exact score): requests that come
//! meanwhile wait for it, in order.

#[cfg(target_arch = "wasm32")]
mod worker {
    use board_suite::engine::messages::{Reply, Request};
    use board_suite::engine::{Engine, Go, LEVELS, Thought, analysis, engine_for, perfect};
    use board_suite::rules::connect_four::ConnectFour;
    use board_suite::rules::record::Recorded;
    use std::cell::RefCell;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    /// Connect Four's book, beside the worker's files.
    const BOOK_FILE: &str = "connect-four.book";

    /// Connect Four's book: not yet wanted, on its way (with the requests that came meanwhile),
    /// or fetched (or failed: the engine then solves every position).
    enum Book {
        Unasked,
        Fetching(Vec<Request>),
        Done,
    }

    /// The engine of the last request, kept for the next one of the same game and rules, so
    /// its tables (and Connect Four's book) stay.
    struct Kept {
        game: String,
        config: String,
        start: Option<String>,
        engine: Box<dyn Engine>,
    }

    thread_local! {
        static KEPT: RefCell<Option<Kept>> = const { RefCell::new(None) };
        static BOOK: RefCell<Book> = const { RefCell::new(Book::Unasked) };
    }

    /// Whether a request wants Connect Four's book: the top level's move, or an exact score.
    fn wants_book(request: &Request) -> bool {
        request.game == ConnectFour::SLUG && (request.level == LEVELS || request.analyse || request.solve)
    }

    async fn fetch_book(scope: &DedicatedWorkerGlobalScope) -> Option<Vec<u8>> {
        let response: web_sys::Response =
            JsFuture::from(scope.fetch_with_str(BOOK_FILE)).await.ok()?.dyn_into().ok()?;
        if !response.ok() {
            return None;
        }
        let buffer = JsFuture::from(response.array_buffer().ok()?).await.ok()?;
        Some(js_sys::Uint8Array::new(&buffer).to_vec())
    }

    /// Answers a request, or holds it until the book it wants (or one asked for before it) is
    /// here.
    fn take(scope: &DedicatedWorkerGlobalScope, request: Request) {
        let mut request = Some(request);
        let fetch = BOOK.with_borrow_mut(|book| match book {
            Book::Fetching(waiting) => {
                waiting.extend(request.take());
                false
            }
            Book::Unasked if request.as_ref().is_some_and(wants_book) => {
                *book = Book::Fetching(request.take().into_iter().collect());
                true
            }
            _ => false,
        });
        if let Some(request) = request {
            respond(scope, request);
        }
        if fetch {
            let scope = scope.clone();
            wasm_bindgen_futures::spawn_local(async move {
                if let Some(bytes) = fetch_book(&scope).await {
                    // A file that is no book leaves the engine without one: still exact.
                    let _ = perfect::provide_book(bytes);
                }
                let waiting = BOOK.replace(Book::Done);
                if let Book::Fetching(waiting) = waiting {
                    for request in waiting {
                        respond(&scope, request);
                    }
                }
            });
        }
    }

    fn respond(scope: &DedicatedWorkerGlobalScope, request: Request) {
        let id = request.id;
        let reply = answer(scope, request).unwrap_or_else(|why| Reply::Failed { id, why });
        post(scope, &reply);
    }

    fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply) {
        if let Ok(text) = serde_json::to_string(reply) {
            let _ = scope.post_message(&JsValue::from_str(&text));
        }
    }

    fn answer(scope: &DedicatedWorkerGlobalScope, request: Request) -> Result<Reply, String> {
        KEPT.with_borrow_mut(|kept| {
            let same = kept.as_ref().is_some_and(|k| {
                (&k.game, &k.config, &k.start) == (&request.game, &request.config, &request.start)
            });
            if !same {
                // No config: the game's defaults.
                let config = Some(request.config.as_str()).filter(|c| !c.is_empty());
                let mut engine = engine_for(&request.game, config).map_err(|e| e.to_string())?;
                if let Some(setup) = &request.start {
                    engine.set_start(setup).map_err(|e| e.to_string())?;
                }
                let (game, config, start) =
                    (request.game.clone(), request.config.clone(), request.start.clone());
                *kept = Some(Kept { game, config, start, engine });
            }
            let engine = &mut kept.as_mut().ok_or("no engine")?.engine;
            let moves: Vec<&str> = request.moves.iter().map(String::as_str).collect();
            engine.set_moves(&moves).map_err(|e| e.to_string())?;
            let id = request.id;
            if request.solve {
                return engine.solve().map(|score| Reply::Solved { id, score }).map_err(|e| e.to_string());
            }
            if request.analyse {
                let go = Go { movetime: request.movetime, ..Go::default() };
                let found = analysis::analyse(&mut **engine, &moves, &go, &js_sys::Date::now, &|| false);
                return found.map(|found| Reply::Analysed { id, found }).map_err(|e| e.to_string());
            }
            let go = Go { level: request.level, movetime: request.movetime, depth: None, seed: request.seed };
            let now = js_sys::Date::now;
            let mut report =
                |thought: &Thought| post(scope, &Reply::Progress { id, thought: thought.clone() });
            let thought = engine.go(&go, &now, &|| false, &mut report).map_err(|e| e.to_string())?;
            Ok(Reply::Best { id, thought })
        })
    }

    pub fn start() {
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let replies = scope.clone();
        let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
            let text = event.data().as_string().unwrap_or_default();
            match serde_json::from_str::<Request>(&text) {
                Ok(request) => take(&replies, request),
                Err(_) => post(&replies, &Reply::Failed { id: 0, why: "unreadable request".to_owned() }),
            }
        });
        scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // The handler lives as long as the worker.
        on_message.forget();
        post(&scope, &Reply::Ready);
    }
}

fn main() {
    #[cfg(target_arch = "wasm32")]
    worker::start();
}
