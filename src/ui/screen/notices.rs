//! The notices over the screen that wait for the player: an unreadable save, storage trouble,
//! the engine's failure, a record refused, and a game opened from a link.

use super::emit;
use crate::i18n::GameText;
use crate::ui::model::StorageProblem;
use crate::ui::model::{Control, Notices, ReviewStep};
use yew::prelude::*;

pub struct NoticesProps<'a> {
    pub text: &'static GameText,
    pub notices: &'a Notices,
    /// The game shown was opened from a link: continue it, or keep the player's own.
    pub shared: bool,
    pub on_control: &'a Callback<Control>,
}

pub fn notice_list(props: NoticesProps) -> Html {
    let (text, notices, on_control) = (props.text, props.notices, props.on_control);
    let load = notices.load_error.as_ref().map(|why| (text.save_unreadable)(why));
    let storage = notices.storage_problem.map(|problem| match problem {
        StorageProblem::Unavailable => text.storage_unavailable.to_owned(),
        StorageProblem::WriteRefused => text.save_refused.to_owned(),
    });
    let engine = notices.engine_failed.as_ref().map(|why| (text.engine_failed)(why));
    let record = notices.record_error.as_ref().map(|why| (text.record_refused)(&(text.record_error)(why)));
    let shown = load.into_iter().chain(storage).chain(engine).chain(record).map(|words| {
        html! {
            <div data-notice="" class="notice" role="alert">
                <span>{ words }</span>
                <button onclick={emit(on_control, Control::DismissNotice)}>{ text.dismiss }</button>
            </div>
        }
    });
    html! {
        <>
            { for shown }
            if props.shared {
                <div data-notice="shared" class="notice shared" role="status">
                    <span>{ text.shared_game }</span>
                    <button data-action="continue-shared" class="primary"
                        onclick={emit(on_control, Control::ContinueShared)}>{ text.continue_shared }</button>
                    <button data-action="keep-mine" onclick={emit(on_control, Control::Review(ReviewStep::Live))}>
                        { text.keep_mine }
                    </button>
                </div>
            }
        </>
    }
}
