//! Code fetched on demand: the one way a page has code split off its binary (scripts/split.mjs).
//!
//! Each piece of code is a [`LazyCode`] in the module that uses it, told by the binary's
//! `page!` how to fetch it ([`LazyCode::provide`]). Services reach it with [`LazyCode::get`]
//! and [`LazyCode::then`]; a component with the [`use_lazy_code`] hook. A fetch that fails is
//! not remembered: the code is asked for again the next time it is wanted.

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::thread::LocalKey;
use yew::prelude::*;

/// Code on its way: `None` if it cannot come.
pub type Fetching<T> = Pin<Box<dyn Future<Output = Option<T>>>>;

/// How a binary fetches a piece of its code (or has it at hand).
pub type Fetch<T> = fn() -> Fetching<T>;

/// A piece of code: how it is fetched, the code once here, and a count of the requests made
/// for it, so that a request overtaken while the code was on its way is dropped.
pub struct LazyCode<T: Copy + 'static> {
    fetch: Cell<Option<Fetch<T>>>,
    here: Cell<Option<T>>,
    asked: Cell<u32>,
}

impl<T: Copy + 'static> LazyCode<T> {
    pub const fn new() -> Self {
        LazyCode { fetch: Cell::new(None), here: Cell::new(None), asked: Cell::new(0) }
    }
}

impl<T: Copy + 'static> Default for LazyCode<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// A piece of code, as its module keeps it (`thread_local!`: the page has one thread).
pub type Lazy<T> = LocalKey<LazyCode<T>>;

/// What a piece of code does, on its [`Lazy`] cell.
pub trait OnDemand<T: Copy + 'static> {
    /// How this binary fetches the code; `None` where the binary has none.
    fn provide(&'static self, fetch: Option<Fetch<T>>);
    /// The code, if it is here.
    fn now(&'static self) -> Option<T>;
    /// The code: fetched the first time; `None` if the binary has none or it cannot come.
    fn get(&'static self) -> impl Future<Output = Option<T>> + 'static;
    /// Calls `then` with the code once here (at once if it is, `None` if it cannot come),
    /// unless another `then` or a [`OnDemand::cancel`] of this code came meanwhile.
    fn then(&'static self, then: impl FnOnce(Option<T>) + 'static);
    /// Drops the request made by the last [`OnDemand::then`], if the code is still on its way.
    fn cancel(&'static self);
}

impl<T: Copy + 'static> OnDemand<T> for Lazy<T> {
    fn provide(&'static self, fetch: Option<Fetch<T>>) {
        self.with(|code| code.fetch.set(fetch));
    }

    fn now(&'static self) -> Option<T> {
        self.with(|code| code.here.get())
    }

    async fn get(&'static self) -> Option<T> {
        if let Some(here) = self.now() {
            return Some(here);
        }
        let here = self.with(|code| code.fetch.get())?().await?;
        self.with(|code| code.here.set(Some(here)));
        Some(here)
    }

    fn then(&'static self, then: impl FnOnce(Option<T>) + 'static) {
        let asked = self.with(|code| code.asked.get().wrapping_add(1));
        self.with(|code| code.asked.set(asked));
        if let Some(here) = self.now() {
            return then(Some(here));
        }
        yew::platform::spawn_local(async move {
            let here = self.get().await;
            if self.with(|code| code.asked.get()) == asked {
                then(here);
            }
        });
    }

    fn cancel(&'static self) {
        self.with(|code| code.asked.set(code.asked.get().wrapping_add(1)));
    }
}

/// A piece of code as a component has it.
#[derive(Clone, Copy)]
pub struct Loaded<T> {
    /// The code, once here.
    pub here: Option<T>,
    /// It could not be fetched when last asked for (it is asked for again when next wanted).
    pub failed: bool,
}

/// The code of `lazy` for a component: fetched once `wanted` is not 0, and again at each new
/// value of `wanted` after a fetch that failed. `wanted` counts the times the player asked
/// for what the code draws (or is 1 for "wanted now").
#[hook]
pub fn use_lazy_code<T>(lazy: &'static Lazy<T>, wanted: u32) -> Loaded<T>
where
    T: Copy + 'static,
{
    let loaded = use_state(|| Loaded { here: lazy.now(), failed: false });
    {
        let loaded = loaded.clone();
        use_effect_with(wanted, move |&wanted| {
            if wanted > 0 && loaded.here.is_none() {
                // Asked again after a failure: on its way again until it comes or fails.
                if loaded.failed {
                    loaded.set(Loaded { here: None, failed: false });
                }
                yew::platform::spawn_local(async move {
                    let here = lazy.get().await;
                    loaded.set(Loaded { here, failed: here.is_none() });
                });
            }
        });
    }
    *loaded
}
