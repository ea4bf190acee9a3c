//! A small picture of a lined board, for the picker's cards (gomoku's and Five Tigers').

use yew::prelude::*;

/// A lined board (stones on the points where lines cross) from a picture: one string per row,
/// `b` black, `w` white, `.` empty. Drawn in tenths of the thumbnails' 96-unit box, so every
/// coordinate is a whole number (formatting floats would add their code to the page).
pub fn lined_board(rows: &[&str]) -> Html {
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
