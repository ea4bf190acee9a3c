//! Online play, once started (in the new-game dialog): the connection, the invite link, this
//! device's seat, the other device, and an offer to answer.

use super::{Control, emit};
use crate::i18n::{Side, Text};
use crate::ui::online::{Connection, ErrorCode, Offer};
use yew::prelude::*;

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
    /// An offer standing: a takeback or a draw, and whether this device made it.
    pub offer: Option<(Offer, bool)>,
    /// The server's code for its last refusal.
    pub refused: Option<ErrorCode>,
    /// This device may play now.
    pub my_turn: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OnlineControl {
    Create,
    Quick,
    Leave,
    Answer(bool),
}

pub struct OnlineProps<'a> {
    pub text: &'static Text,
    /// The game's slug, for the invite link.
    pub slug: &'static str,
    /// The game online, or `None` while it is played on this device alone.
    pub panel: Option<&'a OnlinePanel>,
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
    let invite = panel.room.as_ref().filter(|_| panel.seat.is_some()).map(|room| {
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
        let words = (text.offered)(what == Offer::Draw, by_me);
        html! {
            <p data-offer={if what == Offer::Draw { "draw" } else { "takeback" }} class="offer">
                <span>{ words }</span>
                if !by_me {
                    <button data-action="accept-offer" class="primary" onclick={online(OnlineControl::Answer(true))}>{ text.accept }</button>
                    <button data-action="decline-offer" onclick={online(OnlineControl::Answer(false))}>{ text.decline }</button>
                }
            </p>
        }
    });
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
            if panel.opponent_away && panel.seat.is_some() && !panel.waiting {
                <p data-opponent-away="">
                    { if panel.begun { text.opponent_away } else { text.waiting_for_opponent } }
                </p>
            }
            { for offer }
            if let Some(why) = &panel.refused { <p class="message">{ (text.server_refused)(*why) }</p> }
            <button data-action="leave-online" onclick={online(OnlineControl::Leave)}>{ text.leave_online }</button>
        </section>
    }
}
