//! Offline play: the service worker (`sw.js`, written at build time with the list of built
//! files) keeps the suite on the device. A new version installs in the background and waits; the
//! page offers a reload, so an update never interrupts a game.

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState};

/// How long after the app starts the service worker is registered.
const SETTLED_MS: u32 = 2_000;

/// The browser's service workers, where it has them (a secure context: localhost or HTTPS).
fn container() -> Option<ServiceWorkerContainer> {
    let navigator = gloo::utils::window().navigator();
    js_sys::Reflect::has(&navigator, &"serviceWorker".into()).ok()?.then(|| navigator.service_worker())
}

/// Registers the service worker once the page has settled, and calls `on_update` with a newer
/// version's worker once it is installed and waiting while this page runs an older one. The
/// worker's first install downloads every game and the engine: it waits until the route's own
/// files are in and the board is up, so as not to slow the first visit.
pub fn register(on_update: impl Fn(ServiceWorker) + Clone + 'static) {
    let Some(workers) = container() else { return };
    let register = move || {
        yew::platform::spawn_local(async move {
            if cfg!(debug_assertions) {
                // A development build is served fresh: a worker left by a release build on this
                // origin would serve its old files instead.
                if let Ok(registrations) = JsFuture::from(workers.get_registrations()).await {
                    for registration in js_sys::Array::from(&registrations).iter() {
                        let _ = registration.unchecked_into::<ServiceWorkerRegistration>().unregister();
                    }
                }
                return;
            }
            let Ok(registration) = JsFuture::from(workers.register("sw.js")).await else { return };
            // A browser that blocks workers may give no registration at all.
            let Ok(registration) = registration.dyn_into::<ServiceWorkerRegistration>() else { return };
            // Only a page already run by a worker has an older version to replace.
            let has_older = move || container().and_then(|c| c.controller()).is_some();
            if let Some(waiting) = registration.waiting().filter(|_| has_older()) {
                on_update(waiting);
            }
            let found = registration.clone();
            EventListener::new(&registration, "updatefound", move |_| {
                let Some(installing) = found.installing() else { return };
                let worker = installing.clone();
                let on_update = on_update.clone();
                EventListener::new(&installing, "statechange", move |_| {
                    if worker.state() == ServiceWorkerState::Installed && has_older() {
                        on_update(worker.clone());
                    }
                })
                .forget();
            })
            .forget();
        })
    };
    gloo::timers::callback::Timeout::new(SETTLED_MS, register).forget();
}

/// Switches to the waiting version and reloads once it runs the page. Only the player's choice
/// calls this; saves are written after every change, so nothing is lost.
pub fn apply_update(waiting: &ServiceWorker) {
    let Some(container) = container() else { return };
    EventListener::once(&container, "controllerchange", |_| {
        let _ = gloo::utils::window().location().reload();
    })
    .forget();
    let _ = waiting.post_message(&"activate".into());
}
