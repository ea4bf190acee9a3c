//! The analysis on a game's page: a link's game shown for review (and analysed if the link
//! asks), the analysis's code fetched once the game shown could use it, its findings read from
//! storage, its worker started and ended as the player asks, and a continued game's origin kept.

use super::{PageHandle, random_seed, use_on_change};
use crate::route::query_value;
use crate::ui::analysis;
use crate::ui::lazy::OnDemand;
use crate::ui::model::{Control, UiGame};
use crate::ui::session::{Action, AnalysisAction, AnalysisCode, hash_of};
use crate::ui::storage;
use std::rc::Rc;
use yew::prelude::*;

/// Shows a game opened from a link (`shared`, the link's record) for review, and keeps the
/// analysis of the game shown going.
#[hook]
pub fn use_analysis<G: UiGame>(page: &PageHandle<G>, slug: &'static str, shared: Option<String>) {
    {
        // A game opened from a link is shown for review; the player's own game is kept.
        let page = page.clone();
        use_on_change(
            hash_of(&shared),
            Rc::new(move || {
                if let Some(text) = shared.clone() {
                    let hash = gloo::utils::window().location().hash().unwrap_or_default();
                    let kept = query_value(&hash, "kept") == Some("1");
                    page.dispatch(Action::ShareRecord { text, seed: random_seed(), kept });
                    // A link that asks for an analysis: this page analyses the game itself.
                    if query_value(&hash, "analysis") == Some("1") {
                        page.dispatch(Action::Control(Control::Analyse));
                    }
                }
            }),
        );
    }
    // Worked out once a drawing: its key is the game's whole record, written out.
    let info = page.analysis_info();
    {
        // The analysis's code, fetched once the game shown could use it (it split off the
        // game's binary: most visits never need it).
        let page = page.clone();
        let wanted = info.wanted && !page.analysis_here();
        use_on_change(
            hash_of(&wanted),
            Rc::new(move || {
                let page = page.clone();
                if wanted {
                    yew::platform::spawn_local(async move {
                        // The cell holds this binary's one game's code.
                        let fetched = analysis::ANALYSIS.get().await;
                        if let Some(code) = fetched.and_then(|f| f.code.downcast_ref::<AnalysisCode<G>>()) {
                            page.dispatch(Action::AnalysisCode(code));
                        }
                    });
                }
            }),
        );
    }
    {
        // The analysis of the game shown: read from storage when the game shown changes, then
        // its worker started or ended as the player asks. An analysis runs only for the game
        // shown, and once its code is here.
        let page = page.clone();
        let here = page.analysis_here();
        use_on_change(
            hash_of(&(&info.key, info.loaded, info.running, here)),
            Rc::new(move || {
                let info = page.analysis_info();
                let key = info.key.clone();
                let Some(tools) = analysis::ANALYSIS.now().filter(|_| here).map(|f| f.tools) else { return };
                if !info.loaded {
                    let mut stored = (tools.load)(&key);
                    // A record's marks are kept with its game.
                    if stored.notes.is_empty() && !info.stored.notes.is_empty() {
                        stored.notes = info.stored.notes.clone();
                        (tools.save)(&key, &stored);
                    }
                    page.dispatch(Action::Analysis(AnalysisAction::Loaded { key, stored }));
                } else if info.running && analysis::running().as_ref() != Some(&key) {
                    let page = page.clone();
                    let requests = page.analysis_requests();
                    let stored = (*info.stored).clone();
                    let on_heard = Callback::from(move |heard| {
                        let key = key.clone();
                        page.dispatch(Action::Analysis(AnalysisAction::News { key, news: heard }));
                    });
                    (tools.start)(info.key, requests, stored, on_heard);
                } else if !info.running {
                    analysis::cancel();
                }
            }),
        );
    }
    {
        // A game continued from another's position keeps its origin across reloads.
        let page = page.clone();
        use_on_change(
            hash_of(&page.origin()),
            Rc::new(move || storage::keep_origin(slug, page.origin(), &page.turns())),
        );
    }
    // Leaving the game's page ends its analysis.
    use_effect_with((), |_| analysis::cancel);
}
