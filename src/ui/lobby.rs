//! The lobby: the server's open seeks and the games being played, live, and how many games are
//! being played and players are online. A seek is taken in one click, on its game's page
//! (`#/<game>?take=<room>`); this device's own is marked, and withdrawn by leaving its room. A
//! game being played is watched by entering its room (`#/<game>?room=<room>`): its seats are
//! taken, so the page is a spectator's. Shown under the home page's cards and on a game's page
//! while it plays no game online; only where a game server answers.
//!
//! Its code is part of online play's, split off each binary of the page and fetched once the
//! page has settled, where a game server answers: most visits never need it.

use super::js;
use super::model::{Control, LobbyListing, OnlineControl, SettingValue, UiGame};
use crate::games::GameId;
use crate::i18n::{Lang, Words};
use crate::protocol::{Pool, RoomInfo};
use crate::route::Route;
use crate::rules::clock::{self, TimeControl};
use crate::rules::record;
use std::cell::Cell;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq, Clone)]
pub struct LobbyProps {
    pub lang: Lang,
    /// The room this device is in, if any: its own seek there is withdrawn with `on_withdraw`.
    #[prop_or_default]
    pub room: Option<String>,
    #[prop_or_default]
    pub on_withdraw: Option<Callback<MouseEvent>>,
    /// On a game's page: the game (its slug), whose quick-match pools are shown, each joined
    /// as a rated quick match at its clock through the page's controls.
    #[prop_or_default]
    pub pools_of: Option<(&'static str, Callback<Control>)>,
}

/// How the lobby hears the server's: the connection's following of it, handed in with the
/// lobby's code (online play's piece), so the view calls no service.
#[derive(Clone, Copy)]
pub struct Following {
    pub follow: fn(Callback<LobbyListing>),
    pub unfollow: fn(),
}

impl PartialEq for Following {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.follow, other.follow) && std::ptr::fn_addr_eq(self.unfollow, other.unfollow)
    }
}

/// Draws the lobby.
pub fn draw_lobby(lobby: LobbyProps, following: Following) -> Html {
    html! { <LobbyPanel {lobby} {following} /> }
}

#[derive(Properties, PartialEq)]
struct PanelProps {
    lobby: LobbyProps,
    following: Following,
}

#[component]
fn LobbyPanel(PanelProps { lobby: props, following }: &PanelProps) -> Html {
    let lobby = use_state_eq(|| None::<LobbyListing>);
    {
        let lobby = lobby.clone();
        let Following { follow, unfollow } = *following;
        use_effect_with((), move |_| {
            // Asked once the page has settled (a page opened to join a room hides the lobby at
            // once, and asks nothing), and followed once the server has answered, if the lobby
            // is still shown by then.
            let shown = Rc::new(Cell::new(true));
            let still = shown.clone();
            let start = gloo::timers::callback::Timeout::new(0, move || {
                yew::platform::spawn_local(async move {
                    if still.get() && js::server_answers().await && still.get() {
                        follow(Callback::from(move |now| lobby.set(Some(now))));
                    }
                })
            });
            move || {
                drop(start);
                shown.set(false);
                unfollow();
            }
        });
    }
    let Some(lobby) = &*lobby else { return html! {} };
    let words = WORDS.of(props.lang);
    let seek = |seek: &RoomInfo| {
        let (game, about) = described(seek, props.lang)?;
        let own = lobby.own.contains(&seek.room);
        let action = if own {
            let withdraw = props.on_withdraw.clone().filter(|_| props.room.as_ref() == Some(&seek.room));
            html! {
                <>
                    <span class="own">{ words.own_seek }</span>
                    if let Some(onclick) = withdraw {
                        <button data-action="withdraw-seek" {onclick}>{ words.withdraw_seek }</button>
                    }
                </>
            }
        } else {
            let take = Some(seek.room.clone());
            let hash = Route::Game { game, seed: None, record: None, room: None, play: None, take }.hash();
            let onclick = move |_: MouseEvent| drop(gloo::utils::window().location().set_hash(&hash));
            html! { <button data-action="join-seek" class="primary" {onclick}>{ words.join_seek }</button> }
        };
        Some(html! {
            <li data-seek="" data-game={seek.game.clone()} data-time-control={seek.time.clone()}
                data-room={seek.room.clone()} data-own={own.then_some("")}>
                { about }
                { action }
            </li>
        })
    };
    let watched = |playing: &RoomInfo| {
        let (game, about) = described(playing, props.lang)?;
        let room = Some(playing.room.clone());
        let href = Route::Game { game, seed: None, record: None, room, play: None, take: None }.hash();
        Some(html! {
            <li data-live-game="" data-game={playing.game.clone()} data-time-control={playing.time.clone()}
                data-room={playing.room.clone()}>
                { about }
                <a data-action="watch" {href}>{ words.watch }</a>
            </li>
        })
    };
    // Quick match's pools of this page's game, one per clock preset, rated.
    let pools = props.pools_of.iter().flat_map(|(game, on_control)| {
        clock::PRESETS.into_iter().filter_map(move |(minutes, increment)| {
            let control = TimeControl::fischer(minutes * 60, increment).ok()?;
            let time = control.text();
            let pools = lobby.pools.iter().filter_map(|text| Pool::read(text));
            let waiting: u64 = pools.filter(|p| p.game == *game && p.time == time && p.rated).map(|p| p.waiting).sum();
            let onclick = on_control.reform(move |_: MouseEvent| Control::Online(OnlineControl::Quick(control, true)));
            Some(html! {
                <button data-pool="" data-preset={format!("{minutes}+{increment}")} data-waiting={waiting.to_string()} {onclick}>
                    { format!("{minutes}+{increment}") }<br /><small>{ (words.waiting)(waiting) }</small>
                </button>
            })
        })
    });
    let online = lobby.online.iter().filter_map(|player| {
        let name = player.name.clone()?;
        let rating = player.rating.map(|r| crate::rating::shown(r, player.provisional));
        Some(html! {
            <li data-online-player="" data-name={name.clone()} data-rating={player.rating.map(|r| r.to_string())}>
                <a href={Route::Player(name.clone()).hash()}>{ name }</a>
                if let Some(rating) = rating { <span class="rating">{ rating }</span> }
            </li>
        })
    });
    let boards = GameId::ALL.into_iter().map(|game| {
        let name = with_game!(game, G => G::CARD.of(props.lang).name);
        html! { <a href={Route::Leaderboard(game.slug().to_owned()).hash()}>{ name }</a> }
    });
    html! {
        <section class="lobby" data-lobby="" data-games={lobby.games.to_string()}
            data-players={lobby.players.to_string()} aria-labelledby="lobby-title">
            <h2 id="lobby-title" class="panel-title">{ words.lobby }</h2>
            <p class="lobby-counts">{ (words.counts)(lobby.games, lobby.players) }</p>
            if props.pools_of.is_some() {
                <h3 class="lobby-subtitle">{ words.pools }</h3>
                <div class="presets">{ for pools }</div>
            }
            if lobby.seeks.is_empty() { <p class="empty-lobby">{ words.empty }</p> }
            <ul class="seeks">{ for lobby.seeks.iter().filter_map(seek) }</ul>
            if !lobby.playing.is_empty() {
                <h3 class="lobby-subtitle">{ words.being_played }</h3>
                <ul class="seeks">{ for lobby.playing.iter().filter_map(watched) }</ul>
            }
            if !lobby.online.is_empty() {
                <h3 class="lobby-subtitle">{ words.online }</h3>
                <ul class="online-players">{ for online }</ul>
            }
            <nav class="boards" data-leaderboards="">{ words.leaderboards }{ for boards }</nav>
        </section>
    }
}

/// A room of the lobby in words: its game's name, its time control and its rules (each rule's
/// choice, and each house rule that is on). `None` for a game this build does not know (a
/// later version's), which is not listed.
pub(super) fn described(room: &RoomInfo, lang: Lang) -> Option<(GameId, Html)> {
    let game = GameId::from_slug(&room.game)?;
    let words = WORDS.of(lang);
    let time = TimeControl::parse(&room.time).map_or_else(|_| room.time.clone(), words.time);
    let (name, rules) = with_game!(game, G => (G::CARD.of(lang).name, rules_words::<G>(&room.rules, lang)));
    Some((
        game,
        html! {
            <>
                <span class="seek-game">{ name }</span>
                <span class="seek-time">{ time }</span>
                if !rules.is_empty() { <span class="seek-rules">{ rules.join(" · ") }</span> }
                if let Some(player) = &room.player {
                    <span class="seek-player" data-seek-rating={player.rating.map(|r| r.to_string())}>
                        { player.name.clone().unwrap_or_else(|| format!("{} {}", words.anonymous, player.tag())) }
                        if let Some(rating) = player.rating {
                            { format!(" {}", crate::rating::shown(rating, player.provisional)) }
                        }
                    </span>
                }
                if room.rated { <span class="seek-rated">{ words.rated }</span> }
            </>
        },
    ))
}

/// The rules a room's tags describe, in words, as the new-game dialog shows them: each choice
/// with its label, each house rule that is on by its label.
fn rules_words<G: UiGame>(tags: &str, lang: Lang) -> Vec<String> {
    let Some(config) = record::read_rules::<G>(tags) else {
        // Rules this build cannot read: their values as written (`renju`).
        return tags.split('"').skip(1).step_by(2).map(str::to_owned).collect();
    };
    G::settings(&config, lang)
        .into_iter()
        .filter_map(|rule| match rule.shown.value {
            SettingValue::Toggle(on) => on.then(|| rule.shown.label.to_owned()),
            SettingValue::Choice { options, chosen } => {
                options.get(chosen).map(|option| (WORDS.of(lang).rule)(rule.shown.label, option))
            }
        })
        .collect()
}

/// The lobby's words.
struct LobbyWords {
    /// Its heading, the games and players counted, and an empty list.
    lobby: &'static str,
    counts: fn(u64, u64) -> String,
    empty: &'static str,
    /// A seek's button, and this device's own seek with its button.
    join_seek: &'static str,
    own_seek: &'static str,
    withdraw_seek: &'static str,
    /// The games being played, and the link that watches one.
    being_played: &'static str,
    watch: &'static str,
    /// A time control in words (`3 min + 2 s`).
    time: fn(TimeControl) -> String,
    /// A rule's label and its choice.
    rule: fn(&str, &str) -> String,
    /// A seek's maker with no name yet, before their tag; a rated seek.
    anonymous: &'static str,
    rated: &'static str,
    /// Before the links to each game's leaderboard.
    leaderboards: &'static str,
    /// The named players online now.
    online: &'static str,
    /// Quick match's pools (rated), and how many wait in one.
    pools: &'static str,
    waiting: fn(u64) -> String,
}

static WORDS: Words<LobbyWords> = Words {
    zh_hant: LobbyWords {
        lobby: "公開對局",
        counts: |games, players| format!("進行中 {games} 局 · 線上 {players} 人"),
        empty: "目前沒有公開對局：可在任一遊戲的「新對局」中開局。",
        join_seek: "加入",
        own_seek: "你開的局：等待對手",
        withdraw_seek: "撤回",
        being_played: "進行中的對局",
        watch: "觀戰",
        time: |control| match control {
            TimeControl::Untimed => "不限時".to_owned(),
            TimeControl::Fischer { base, increment } if base % 60 == 0 => {
                format!("{} 分 + {increment} 秒", base / 60)
            }
            TimeControl::Fischer { base, increment } => format!("{base} 秒 + {increment} 秒"),
            TimeControl::Correspondence { days } => format!("每步 {days} 天"),
        },
        rule: |label, choice| format!("{label}：{choice}"),
        anonymous: "匿名",
        rated: "計分",
        leaderboards: "排行榜：",
        online: "線上玩家",
        pools: "快速配對（計分）",
        waiting: |n| format!("{n} 人等待"),
    },
    en: LobbyWords {
        lobby: "Open games",
        counts: |games, players| {
            let games = if games == 1 {
                "1 game being played".to_owned()
            } else {
                format!("{games} games being played")
            };
            let players =
                if players == 1 { "1 player online".to_owned() } else { format!("{players} players online") };
            format!("{games} · {players}")
        },
        empty: "No open games now: post one from a game's New game dialog.",
        join_seek: "Play",
        own_seek: "Your game: waiting for an opponent",
        withdraw_seek: "Withdraw",
        being_played: "Being played",
        watch: "Watch",
        time: |control| match control {
            TimeControl::Untimed => "Untimed".to_owned(),
            TimeControl::Fischer { base, increment } if base % 60 == 0 => {
                format!("{} min + {increment} s", base / 60)
            }
            TimeControl::Fischer { base, increment } => format!("{base} s + {increment} s"),
            TimeControl::Correspondence { days: 1 } => "1 day a move".to_owned(),
            TimeControl::Correspondence { days } => format!("{days} days a move"),
        },
        rule: |label, choice| format!("{label}: {choice}"),
        anonymous: "Anonymous",
        rated: "Rated",
        leaderboards: "Leaderboards:",
        online: "Players online",
        pools: "Quick match (rated)",
        waiting: |n| format!("{n} waiting"),
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{checkers::Checkers, dark_chess::DarkChess, gomoku::Gomoku};

    #[test]
    fn a_rooms_rules_are_said_as_the_new_game_dialog_says_them() {
        // Freestyle writes no tag: it is said all the same.
        assert_eq!(rules_words::<Gomoku>("", Lang::En), ["Rules: Freestyle (five or more)"]);
        assert_eq!(
            rules_words::<Gomoku>("[Rules \"renju\"]", Lang::En),
            ["Rules: Renju (black has forbidden moves)"]
        );
        assert_eq!(rules_words::<Gomoku>("[Rules \"renju\"]", Lang::ZhHant), ["規則：連珠（黑方有禁手）"]);
        let dark = rules_words::<DarkChess>("[QuietLimit \"40\"] [Rules \"chain-capture\"]", Lang::En);
        assert_eq!(dark.len(), 2, "{dark:?}");
        assert!(dark[0].ends_with(": 40") || dark[1].ends_with(": 40"), "{dark:?}");
        assert!(rules_words::<Checkers>("", Lang::En).is_empty());
        // Rules this build cannot read are shown as written.
        assert_eq!(rules_words::<Gomoku>("[Rules \"later\"]", Lang::En), ["later"]);
    }
}
