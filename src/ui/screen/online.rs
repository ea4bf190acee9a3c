//! Online play, once started (in the new-game dialog): the connection, the invite link, this
//! device's seat, the other device, an offer to answer, a rematch. (Its countdowns are the
//! timers', beside the clocks.)

use super::chat::{ChatProps, chat_panel};
use super::clocks::{TimersProps, timers};
use super::{Control, emit};
use crate::i18n::{GameText, Side};
use crate::rules::clock::TimeControl;
use crate::ui::lazy::LazyCode;
use crate::ui::online::{Connection, ErrorCode, Offer};
use yew::prelude::*;

/// The game screen's panels of a game online (the connection, seats and offers; the chat; the
/// clocks and countdowns, online or a record's): split off each game's binary with the rest of
/// online play's code, and fetched with it.
pub struct OnlinePanels {
    pub panel: fn(OnlineProps) -> Html,
    pub chat: fn(ChatProps) -> Html,
    pub timers: fn(TimersProps) -> Html,
}

pub const ONLINE_PANELS: OnlinePanels = OnlinePanels { panel: online_box, chat: chat_panel, timers };

thread_local! {
    /// Online play's panels, fetched once the game goes online or shows clocks.
    pub static PANELS: LazyCode<&'static OnlinePanels> = const { LazyCode::new() };
}

/// A game played online: the connection, the room, this device's seat and the other's.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlinePanel {
    pub connection: Connection,
    /// The room's name, once the server has given a seat in it.
    pub room: Option<String>,
    /// The side this device plays; `None` while seating, and for a spectator.
    pub seat: Option<Side>,
    /// In the quick-match queue.
    pub waiting: bool,
    /// The other seat has no device connected (or none has joined yet).
    pub opponent_away: bool,
    /// A turn has been played: an absent opponent has left, rather than not come yet.
    pub begun: bool,
    /// An offer standing: a takeback or a draw while the game goes on, a rematch after it, and
    /// whether this device made it.
    pub offer: Option<(Offer, bool)>,
    /// The server's code for its last refusal.
    pub refused: Option<ErrorCode>,
    /// This device may play now.
    pub my_turn: bool,
    /// The game is over: a rematch may be offered.
    pub over: bool,
    /// This device may abort the game: it plays, and both sides have not moved yet.
    pub can_abort: bool,
    /// Before the first moves: the side to move and the ms it has left to make one, as of `at`.
    pub first_move: Option<(Side, u64)>,
    /// The other player is away on their turn: the ms until this device may claim, as of `at`.
    pub gone: Option<u64>,
    /// When the server's last state arrived (ms since the epoch).
    pub at: u64,
    pub chat: Vec<super::ChatLine>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OnlineControl {
    /// A room for a friend, the quick-match queue, or a seek in the lobby, under this clock.
    Create(TimeControl),
    Quick(TimeControl),
    Seek(TimeControl),
    Leave,
    Answer(bool),
    Abort,
    /// Claims the game from a player away on their turn: the win (`true`) or a draw.
    Claim(bool),
    Rematch,
    /// Sends the chat's preset message at this index of `protocol::PRESETS`.
    Chat(usize),
    /// Reloads the page: the server speaks a newer protocol.
    Reload,
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
    let online = |control: OnlineControl| emit(props.on_control, Control::Online(control));
    // Online play starts in the new-game dialog.
    let Some(panel) = props.panel else { return html! {} };
    let connection = if panel.connection == Connection::Unavailable {
        text.online_unavailable
    } else {
        (text.connection)(panel.connection.attr())
    };
    // The link is absolute: it is sent to another device.
    let invite = panel.room.as_ref().filter(|_| panel.seat.is_some() && !panel.over).map(|room| {
        let location = gloo::utils::window().location();
        let page =
            format!("{}{}", location.origin().unwrap_or_default(), location.pathname().unwrap_or_default());
        format!("{page}#/{}?room={room}", props.slug)
    });
    let seat = match (panel.seat, &panel.room) {
        (Some(side), _) => Some((text.you_play)((text.side)(side))),
        (None, Some(_)) => Some(text.watching.to_owned()),
        (None, None) => None,
    };
    let offer = panel.offer.map(|(what, by_me)| {
        let words = match what {
            Offer::Rematch => (text.rematch_offered)(by_me),
            _ => (text.offered)(what == Offer::Draw, by_me),
        };
        // A spectator sees an offer but has nothing to answer.
        let answers = !by_me && panel.seat.is_some();
        html! {
            <p data-offer={what.name()} class="offer">
                <span>{ words }</span>
                if answers {
                    <button data-action="accept-offer" class="primary" onclick={online(OnlineControl::Answer(true))}>{ text.accept }</button>
                    <button data-action="decline-offer" onclick={online(OnlineControl::Answer(false))}>{ text.decline }</button>
                }
            </p>
        }
    });
    let outdated = matches!(panel.refused, Some(ErrorCode::Version | ErrorCode::UnknownType));
    let rematch = props.rematch_here && panel.over && panel.seat.is_some();
    html! {
        <section class="online" aria-label={text.online}>
            <p data-connection="" data-state={panel.connection.attr()} role="status">
                <span class="dot" aria-hidden="true"></span>{ connection }
            </p>
            if let Some(seat) = seat { <p>{ seat }</p> }
            if panel.waiting { <p>{ text.waiting_for_match }</p> }
            if let Some(href) = invite {
                <p><a data-invite="" href={href.clone()}>{ text.invite }</a></p>
            }
            if panel.opponent_away && panel.seat.is_some() && !panel.waiting && panel.gone.is_none() {
                <p data-opponent-away="">
                    { if panel.begun { text.opponent_away } else { text.waiting_for_opponent } }
                </p>
            }
            { for offer }
            if let Some(why) = &panel.refused { <p class="message">{ (text.server_refused)(*why) }</p> }
            if outdated {
                <button data-action="reload" class="primary" onclick={online(OnlineControl::Reload)}>{ text.reload }</button>
            }
            if rematch {
                <button data-action="rematch" disabled={panel.offer.is_some_and(|(_, by_me)| by_me)}
                    onclick={online(OnlineControl::Rematch)}>{ text.rematch }</button>
            }
            <button data-action="leave-online" onclick={online(OnlineControl::Leave)}>{ text.leave_online }</button>
        </section>
    }
}
