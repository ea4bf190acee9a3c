//! The game picker at `#/`: every game with a small picture of its board.

use crate::i18n::{Lang, Text};
use crate::route::{GameId, Route};
use yew::prelude::*;

/// A lined board (stones on the points where lines cross) from a picture: one string per row,
/// `b` black, `w` white, `.` empty. Drawn in tenths of the thumbnails' 96-unit box, so every
/// coordinate is a whole number (formatting floats would add their code to the page).
fn lined_board(rows: &[&str]) -> Html {
    const MARGIN: usize = 120;
    let spacing = (960 - 2 * MARGIN) / (rows.len() - 1);
    let at = |i: usize| (MARGIN + i * spacing).to_string();
    let end = (960 - MARGIN).to_string();
    let lines = (0..rows.len()).map(|i| {
        html! {
            <g stroke="#5c3a1a" stroke-width="7">
                <line x1={at(0)} y1={at(i)} x2={end.clone()} y2={at(i)} />
                <line x1={at(i)} y1={at(0)} x2={at(i)} y2={end.clone()} />
            </g>
        }
    });
    let stones = rows.iter().enumerate().flat_map(|(y, row)| {
        row.chars().enumerate().filter(|(_, c)| *c != '.').map(move |(x, c)| {
            let fill = if c == 'b' { "#1f2328" } else { "#fbfaf5" };
            let r = (spacing * 2 / 5).to_string();
            html! { <circle cx={at(x)} cy={at(y)} {r} fill={fill} stroke="#1f2328" stroke-width="7" /> }
        })
    });
    html! {
        <svg viewBox="0 0 960 960" class="thumb" aria-hidden="true">
            <rect width="960" height="960" rx="60" fill="#dcb57a" />
            { for lines }
            { for stones }
        </svg>
    }
}

/// A small picture of a game's board in a typical position.
fn thumbnail(game: GameId) -> Html {
    match game {
        // A corner of the board: black's diagonal four, blocked by white at one end.
        GameId::Gomoku => lined_board(&[
            ".........",
            ".........",
            "......w..",
            "....bb...",
            "...wb....",
            "...bww...",
            "..b......",
            ".........",
            ".........",
        ]),
        // A square of black formed in the corner.
        GameId::FiveTigers => lined_board(&["bb..w", "bbw..", "..w.b", ".w..w", "b...."]),
        GameId::DarkChess => {
            // A few pieces turned up among the face-down ones.
            const UP: [(usize, &str, &str); 5] = [
                (2, "帥", "#b3261e"),
                (5, "包", "#1f2328"),
                (11, "俥", "#b3261e"),
                (20, "卒", "#1f2328"),
                (26, "馬", "#1f2328"),
            ];
            let pieces = (0..32).map(|i| {
                let (cx, cy) = (8 + (i % 8) * 12, 9 + (i / 8) * 12);
                let (cx, cy) = (cx.to_string(), cy.to_string());
                match UP.iter().find(|(at, ..)| *at == i) {
                    Some((_, glyph, colour)) => html! {
                        <g>
                            <circle cx={cx.clone()} cy={cy.clone()} r="5.3" fill="#f7ecd2" stroke={*colour} stroke-width=".7" />
                            <text x={cx} y={cy} dy="2.4" font-size="6.5" text-anchor="middle" fill={*colour}>{ *glyph }</text>
                        </g>
                    },
                    None => html! { <circle cx={cx} cy={cy} r="5.3" fill="#7a4a24" stroke="#4e2c12" stroke-width=".7" /> },
                }
            });
            html! {
                <svg viewBox="0 0 98 54" class="thumb" aria-hidden="true">
                    <rect width="98" height="54" rx="5" fill="#e2b873" />
                    { for pieces }
                </svg>
            }
        }
        GameId::Checkers => {
            // Mid-game: men of both sides, a red king, on the dark squares.
            const PIECES: [&str; 8] = [
                ".b.b.b.b", "b.b...b.", ".b...b..", "..r.....", ".....b..", "r.r...R.", ".r.r.r.r",
                "r.r.r...",
            ];
            let squares = (0..64).filter(|i| (i % 8 + i / 8) % 2 == 1).map(|i| {
                html! { <rect x={(i % 8 * 12).to_string()} y={(i / 8 * 12).to_string()} width="12" height="12" fill="#7b5230" /> }
            });
            let pieces = PIECES.iter().enumerate().flat_map(|(y, row)| {
                row.chars().enumerate().filter(|(_, c)| *c != '.').map(move |(x, c)| {
                    let fill = if c.eq_ignore_ascii_case(&'r') { "#c62f2f" } else { "#1f2328" };
                    let (cx, cy) = ((6 + x * 12).to_string(), (6 + y * 12).to_string());
                    let ring = if c.is_ascii_uppercase() { "#f6c90e" } else { "#00000055" };
                    html! { <circle {cx} {cy} r="4.6" fill={fill} stroke={ring} stroke-width="1.2" /> }
                })
            });
            html! {
                <svg viewBox="0 0 96 96" class="thumb" aria-hidden="true">
                    <rect width="96" height="96" rx="4" fill="#f0dcb4" />
                    { for squares }
                    { for pieces }
                </svg>
            }
        }
        GameId::ConnectFour => {
            // A game in progress, bottom row first: r red, y yellow.
            const DISCS: [&str; 6] = ["..ryr..", "..yrr..", "...ry..", "...r...", "", ""];
            let discs = DISCS.iter().enumerate().flat_map(|(row, line)| {
                line.chars().enumerate().filter(|(_, c)| *c != '.').map(move |(column, c)| {
                    let fill = if c == 'r' { "#d7263d" } else { "#f6c90e" };
                    let (cx, cy) = (8 + column * 14, 78 - row * 14);
                    html! { <circle cx={cx.to_string()} cy={cy.to_string()} r="5.5" fill={fill} /> }
                })
            });
            let holes = (0..42).map(|i| {
                let (cx, cy) = (8 + (i % 7) * 14, 8 + (i / 7) * 14);
                html! { <circle cx={cx.to_string()} cy={cy.to_string()} r="5.5" fill="#fff" /> }
            });
            html! {
                <svg viewBox="0 0 98 86" class="thumb" aria-hidden="true">
                    <rect width="98" height="86" rx="6" fill="#1f4fb8" />
                    { for holes }
                    { for discs }
                </svg>
            }
        }
    }
}

fn name(game: GameId, text: &Text) -> (&'static str, &'static str) {
    match game {
        GameId::DarkChess => (text.dark_chess, text.dark_chess_blurb),
        GameId::FiveTigers => (text.five_tigers, text.five_tigers_blurb),
        GameId::Gomoku => (text.gomoku, text.gomoku_blurb),
        GameId::ConnectFour => (text.connect_four, text.connect_four_blurb),
        GameId::Checkers => (text.checkers, text.checkers_blurb),
    }
}

#[derive(Properties, PartialEq)]
pub struct PickerProps {
    pub lang: Lang,
}

#[component]
pub fn Picker(props: &PickerProps) -> Html {
    let text = props.lang.text();
    let cards = GameId::ALL.into_iter().map(|game| {
        let (title, blurb) = name(game, text);
        html! {
            <li>
                <a class="card" href={Route::Game { game, seed: None, record: None, room: None }.hash()} data-link={game.slug()}>
                    { thumbnail(game) }
                    <span class="card-title">{ title }</span>
                    <span class="card-blurb">{ blurb }</span>
                </a>
            </li>
        }
    });
    html! {
        <main class="picker" data-page="picker">
            <h1>{ text.pick_a_game }</h1>
            <p class="subtitle">{ text.two_players }</p>
            <ul class="cards">{ for cards }</ul>
        </main>
    }
}
