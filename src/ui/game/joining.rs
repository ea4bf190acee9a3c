//! Online play on a game's page: a room's link or a seek taken joins it, and leaving the page
//! leaves the room (the turns played here go to the server as the session's effects).

use super::{PageHandle, show_room, use_on_change};
use crate::games::GameId;
use crate::ui::model::{ServerNews, UiGame};
use crate::ui::online::{self, Ask};
use crate::ui::session::{Action, hash_of};
use std::rc::Rc;
use yew::prelude::*;

/// Joins the room `room` names or takes the seek `take` names, and leaves the room when the
/// page goes; returns what hears the server, for the page.
#[hook]
pub fn use_online<G: UiGame>(
    page: &PageHandle<G>,
    game: GameId,
    room: Option<String>,
    take: Option<String>,
) -> Callback<ServerNews> {
    let slug = game.slug();
    // What the server says, for the page; a seat taken puts its room in the URL.
    let on_heard = {
        let page = page.clone();
        Callback::from(move |heard: ServerNews| {
            if let ServerNews::Seat { room, .. } = &heard {
                show_room(game, room);
            }
            page.dispatch(Action::Online(heard));
        })
    };
    {
        // A room's link (or a reload in a room): join it, with this device's token if it has one.
        let (page, on_heard) = (page.clone(), on_heard.clone());
        use_on_change(
            hash_of(&room),
            Rc::new(move || {
                if let Some(room) = room.clone().filter(|room| online::room().as_ref() != Some(room)) {
                    page.dispatch(Action::GoOnline(None));
                    online::open(slug, Ask::Join { room }, on_heard.clone());
                }
            }),
        );
    }
    {
        // A seek of the lobby's taken (from its list here or at home): the game starts for both.
        let (page, on_heard) = (page.clone(), on_heard.clone());
        use_on_change(
            hash_of(&take),
            Rc::new(move || {
                if let Some(room) = take.clone() {
                    page.dispatch(Action::GoOnline(None));
                    online::open(slug, Ask::Take { room }, on_heard.clone());
                }
            }),
        );
    }
    // Leaving the game's page leaves its room.
    use_effect_with((), |_| online::close);
    on_heard
}
