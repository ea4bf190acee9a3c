//! Connect Four on the shared board: a click anywhere in a column, the next disc dragged onto
//! it, or Enter on a focused cell drops a disc there.

use super::flow::Direct;
use super::model::Opponent;
use super::model::{BoardAction, BoardView, Card, CellView, Hand, Piece, Pos, Scene, Target, UiGame};
use crate::games::GameId;
use crate::i18n::{GameText, Side, Words};
use crate::rules::connect_four::{COLUMNS, ConnectFour, Move, ROWS};
use crate::rules::{Game, Outcome};
use yew::{Html, html};

fn disc(side: Side) -> Piece {
    Piece::new(side, "disc", "")
}

impl UiGame for ConnectFour {
    const ID: GameId = GameId::ConnectFour;
    type Flow = Direct;
    const SIDES: [Side; 2] = [Side::Red, Side::Yellow];

    const CARD: Words<Card> = Words {
        zh_hant: Card { name: "四子棋", blurb: "投下棋子，先連成四子者勝。" },
        en: Card { name: "Connect Four", blurb: "Drop discs; four in a row wins." },
    };

    const HELP: Words<&'static [&'static str]> = Words {
        zh_hant: &[
            "目標：先把自己的四枚棋子連成一直線（橫、直、斜皆可）者勝。紅方先下，雙方輪流把一枚棋子投進 7 行中的一行，棋子會落到該行最下面的空格（每行 6 格）。",
            "棋盤下滿仍無人連成四子，即為和棋。",
            "操作：點選或輕觸一行中的任一格，或把下一枚棋子拖到該行。鍵盤：方向鍵移動焦點，Enter 或空白鍵投入焦點所在的那一行。",
        ],
        en: &[
            "Goal: four of your discs in a row, across, down or diagonally. Red starts; players take turns dropping a disc into one of the 7 columns, where it falls to the lowest empty cell of the 6.",
            "A full board with no four in a row is a draw.",
            "Playing here: click or tap anywhere in a column, or drag the next disc onto it. Keyboard: arrow keys move the focus, Enter or Space drops into the focused column.",
        ],
    };

    fn thumbnail() -> Html {
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

    fn view(&self, scene: &Scene<Self>, text: &GameText) -> BoardView {
        let words = WORDS.of(text.lang);
        // The last disc is the top one of the last column played.
        let last_cell = scene.moves.last().and_then(|Move::Drop(column)| {
            let x = usize::from(*column);
            (0..ROWS).find(|&y| self.disc((x, y)).is_some()).map(|y| (x, y))
        });
        let winning = self.winning_cells();
        let mut cells = Vec::with_capacity(COLUMNS * ROWS);
        let mut targets = Vec::new();
        for y in 0..ROWS {
            for x in 0..COLUMNS {
                let owner = self.disc((x, y)).map(|p| self.side(p));
                let place = (words.column_row)(x + 1, ROWS - y);
                let content = owner.map_or(text.empty.to_owned(), |side| (words.disc)((text.side)(side)));
                cells.push(CellView {
                    last: last_cell == Some((x, y)),
                    highlight: winning.contains(&(x, y)),
                    ..CellView::new(owner.map(disc), format!("{place}: {content}"))
                });
                // Every cell is a target, full columns too, so a drop there is refused in words.
                let lands = self.landing_cell(x).unwrap_or((x, 0));
                targets.push(Target { cell: (x, y), lands });
            }
        }
        let side = self.side(self.to_move());
        let hand = self.outcome().is_none().then(|| Hand {
            side,
            piece: disc(side),
            label: (words.next_disc)((text.side)(side)),
        });
        // The columns as the move list numbers them.
        let files = (1..=COLUMNS).map(|column| column.to_string()).collect();
        BoardView {
            targets,
            hand,
            hand_place: true,
            files,
            gravity: true,
            ..BoardView::new(COLUMNS, ROWS, cells, Self::CARD.of(text.lang).name)
        }
    }

    fn said(&self, turn: &[Move], _after: &Self, text: &GameText) -> String {
        let words = WORDS.of(text.lang);
        let side = (text.side)(self.side(self.to_move()));
        let column = turn.first().map_or(0, |Move::Drop(column)| usize::from(*column) + 1);
        (words.drops_in)(side, column)
    }

    fn action_move(&self, action: BoardAction) -> Option<Move> {
        match action {
            BoardAction::Activate((x, _)) => u8::try_from(x).ok().map(Move::Drop),
            BoardAction::Move { .. } => None,
        }
    }

    fn touches(&self, &Move::Drop(column): &Move) -> Vec<Pos> {
        self.landing_cell(usize::from(column)).into_iter().collect()
    }

    /// The top level's way of playing, while it is the opponent.
    fn info(&self, text: &GameText, opponent: Opponent) -> Vec<String> {
        let top = opponent.computer.is_some() && opponent.level == crate::engine::LEVELS;
        top.then(|| WORDS.of(text.lang).top_level.to_owned()).into_iter().collect()
    }

    fn ending(&self, text: &GameText) -> String {
        let words = WORDS.of(text.lang);
        match self.outcome() {
            Some(Outcome::Win(_)) => words.four_in_a_row.to_owned(),
            Some(Outcome::Draw) => text.full_board.to_owned(),
            None => String::new(),
        }
    }
}

/// Connect Four's own words.
struct ConnectFourWords {
    four_in_a_row: &'static str,
    disc: fn(&str) -> String,
    next_disc: fn(&str) -> String,
    column_row: fn(usize, usize) -> String,
    /// A disc dropped: the side's name and the column, counted from 1.
    drops_in: fn(&str, usize) -> String,
    /// What the computer's top level does, and where it is slow (measured: see docs/engines.md).
    top_level: &'static str,
}

static WORDS: Words<ConnectFourWords> = Words {
    zh_hant: ConnectFourWords {
        four_in_a_row: "四子連線",
        disc: |side| format!("{side}棋子"),
        next_disc: |side| format!("{side}的下一枚棋子：拖到任一行，或點選該行"),
        column_row: |column, row| format!("第 {column} 行、第 {row} 列"),
        drops_in: |side, column| format!("{side}下在第 {column} 行"),
        top_level: "第 6 級在任何局面都下最佳的一步：七子以內的局面查開局庫，立即回應；\
            八、九子時若局面不在開局庫內（例如悔棋之後），約二十步中有一步要想一秒以上（實測最慢 3.3 秒）。",
    },
    en: ConnectFourWords {
        four_in_a_row: "Four in a row",
        disc: |side| format!("{side} disc"),
        next_disc: |side| format!("Next disc, {side}: drag it onto a column or click a column"),
        column_row: |column, row| format!("Column {column}, row {row}"),
        drops_in: |side, column| format!("{side} drops in column {column}"),
        top_level: "Level 6 plays a best move from every position: at once up to seven discs, from its \
            opening book; at eight or nine discs off the book (after a takeback, say) about one \
            move in twenty takes over a second (the slowest measured, 3.3 s).",
    },
};
