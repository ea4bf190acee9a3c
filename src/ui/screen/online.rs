//! Online play, once started (in the new-game dialog): the connection, the invite link, this
//! device's seat, the other device, a rematch; and, under the status, an offer to answer. (The
//! players and their countdowns are the timers', in the strips.)

use super::chat::{ChatProps, chat_panel};
use super::clocks::{TimersProps, timers};
use super::copy::{copy_status, use_copy};
use super::emit;
use super::online_words::ONLINE_WORDS;
use crate::i18n::{GameText, Lang};
use crate::protocol::{ErrorCode, Offer};
use crate::ui::js;
use crate::ui::lazy::LazyCode;
use crate::ui::model::{Connection, Control, OnlineControl, OnlinePanel};
use yew::prelude::*;

/// The game screen's panels of a game online (the connection, seats and offers; the chat; the
/// clocks and countdowns, online or a record's): split off each game's binary with the rest of
/// online play's code, and fetched with it.
pub struct OnlinePanels {
    pub panel: fn(OnlineProps) -> Html,
    pub chat: fn(ChatProps) -> Html,
    pub timers: fn(TimersProps) -> Html,
    pub news: fn(NewsProps) -> Html,
}

pub const ONLINE_PANELS: OnlinePanels = OnlinePanels { panel: online_box, chat: chat_panel, timers, news };

thread_local! {
    /// Online play's panels, fetched once the game goes online or shows clocks.
    pub static ONLINE_PANELS_CODE: LazyCode<&'static OnlinePanels> = const { LazyCode::new() };
}

pub struct OnlineProps<'a> {
    pub text: &'static GameText,
    /// The game's slug, for the invite link.
    pub slug: &'static str,
    /// The game online, or `None` while it is played on this device alone.
    pub panel: Option<&'a OnlinePanel>,
    /// The result beside the board is closed: a rematch is offered here instead.
    pub rematch_here: bool,
    pub on_control: &'a Callback<Control>,
}

pub fn online_box(props: OnlineProps) -> Html {
    let text = props.text;
    let words = ONLINE_WORDS.of(text.lang);
    let online = |control: OnlineControl| emit(props.on_control, Control::Online(control));
    // Online play starts in the new-game dialog.
    let Some(panel) = props.panel else { return html! {} };
    // Connected, but the room asked for was refused (not there, full, ended): in no game.
    let nowhere = panel.connection == Connection::Open
        && panel.room.is_none()
        && !panel.waiting
        && panel.refused.is_some();
    let connection = if panel.connection == Connection::Unavailable {
        text.online_unavailable
    } else if nowhere {
        words.in_no_game
    } else {
        (words.connection)(panel.connection.attr())
    };
    // The link is absolute: it is sent to another device. Only while the other seat is free.
    let invite = panel.room.as_ref().filter(|_| panel.waiting_for_opponent).map(|room| {
        let location = gloo::utils::window().location();
        let page =
            format!("{}{}", location.origin().unwrap_or_default(), location.pathname().unwrap_or_default());
        format!("{page}#/{}?room={room}", props.slug)
    });
    let seat = match (panel.seat, &panel.room) {
        (Some(side), _) => Some((words.you_play)((text.side)(side))),
        (None, Some(_)) => Some(words.watching.to_owned()),
        (None, None) => None,
    };
    let outdated = matches!(panel.refused, Some(ErrorCode::Version | ErrorCode::UnknownType));
    let rematch = props.rematch_here && panel.over && panel.seat.is_some();
    html! {
        <section class="online" aria-label={text.online}>
            <p data-connection="" data-state={panel.connection.attr()} data-room={nowhere.then_some("none")} role="status">
                <span class="dot" aria-hidden="true"></span>{ connection }
            </p>
            if let Some(seat) = seat { <p>{ seat }</p> }
            if panel.players.iter().any(Option::is_some) {
                <p class="hint" data-rated={panel.rated.then_some("")}>{ if panel.rated { words.rated_game } else { words.casual_game } }</p>
            }
            if panel.waiting { <p>{ words.waiting_for_match }</p> }
            if let Some(href) = invite { <Invite {href} lang={text.lang} /> }
            if panel.waiting_for_opponent {
                <p data-opponent-away="">{ words.waiting_for_opponent }</p>
            } else if panel.opponent_away && panel.seat.is_some() && !panel.waiting && panel.gone.is_none() {
                <p data-opponent-away="">{ words.opponent_away }</p>
            }
            if let Some(why) = &panel.refused { <p class="message">{ (words.server_refused)(*why) }</p> }
            if outdated {
                <button data-action="reload" class="primary" onclick={online(OnlineControl::Reload)}>{ text.reload }</button>
            }
            if rematch {
                <button data-action="rematch" disabled={panel.offer.is_some_and(|(_, by_me)| by_me)}
                    onclick={online(OnlineControl::Rematch)}>{ text.rematch }</button>
            }
            <button data-action="leave-online" onclick={online(OnlineControl::Leave)}>{ words.leave_online }</button>
        </section>
    }
}

pub struct NewsProps<'a> {
    pub text: &'static GameText,
    pub panel: &'a OnlinePanel,
    pub on_control: &'a Callback<Control>,
}

/// What the other side says, where the eye is (under the status, by the strips, within a
/// phone's screen while the board is in view): an offer to answer, a declined offer, and the
/// ratings' change at a rated end. Said to a screen reader as it comes.
pub fn news(props: NewsProps) -> Html {
    let (text, panel) = (props.text, props.panel);
    let words = ONLINE_WORDS.of(text.lang);
    let online = |control: OnlineControl| emit(props.on_control, Control::Online(control));
    let offer = panel.offer.map(|(what, by_me)| {
        let said = match what {
            Offer::Rematch => (words.rematch_offered)(by_me),
            _ => (words.offered)(what == Offer::Draw, by_me),
        };
        // A spectator sees an offer but has nothing to answer.
        let answers = !by_me && panel.seat.is_some();
        html! {
            <p data-offer={what.name()} class="offer">
                <span>{ said }</span>
                if answers {
                    <button data-action="accept-offer" class="primary" onclick={online(OnlineControl::Answer(true))}>{ words.accept }</button>
                    <button data-action="decline-offer" onclick={online(OnlineControl::Answer(false))}>{ words.decline }</button>
                }
            </p>
        }
    });
    let changes = panel.ratings.iter().flatten().enumerate().map(|(seat, change)| {
        let side = panel.sides[seat];
        let who = panel.players[seat].as_ref().map_or_else(|| (text.side)(side).to_owned(), |p| words.player(p));
        let delta = change.delta();
        let signed = match delta {
            0 => "±0".to_owned(),
            d if d > 0 => format!("+{d}"),
            d => format!("−{}", d.unsigned_abs()),
        };
        let after = crate::rating::shown(change.after, change.provisional);
        html! {
            <p data-rating-change={side.attr()} data-before={change.before.to_string()} data-after={change.after.to_string()}
                data-delta={delta.to_string()} class={classes!("rating-change", (delta > 0).then_some("up"), (delta < 0).then_some("down"))}>
                { (words.rating_change)(&who, change.before, &after, &signed) }
            </p>
        }
    });
    html! {
        <div class="news" aria-live="polite">
            { for offer }
            if let Some(what) = panel.declined {
                <p data-declined={what.name()} class="offer">{ (words.declined)(what) }</p>
            }
            { for changes }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct InviteProps {
    href: String,
    lang: Lang,
}

/// The room's invite link, and its Copy and (where the browser has one) Share buttons. A tap on
/// the link copies it too: followed here, it would only open this room again.
#[component]
fn Invite(props: &InviteProps) -> Html {
    let text = props.lang.game_text();
    let words = ONLINE_WORDS.of(text.lang);
    let (said, copy) = use_copy();
    let copy_on = |event_stops: bool| {
        let (href, copy) = (props.href.clone(), copy.clone());
        Callback::from(move |event: MouseEvent| {
            if event_stops {
                event.prevent_default();
            }
            copy.emit(href.clone());
        })
    };
    let share = js::can_share().then(|| {
        let href = props.href.clone();
        Callback::from(move |_: MouseEvent| js::share(&href))
    });
    html! {
        <p class="invite">
            <a data-invite="" href={props.href.clone()} onclick={copy_on(true)}>{ words.invite }</a>
            <button data-action="copy-invite" onclick={copy_on(false)}>{ words.copy_invite }</button>
            if let Some(onclick) = share {
                <button data-action="share-invite" {onclick}>{ words.share_invite }</button>
            }
            { copy_status(text, said) }
        </p>
    }
}
