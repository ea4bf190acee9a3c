//! Gomoku on the shared board: click a point, or drag a stone from the bowl onto it. Under
//! renju, black's forbidden points are marked and refused in words.

use super::board::lined_board;
use super::flow::Direct;
use super::model::Rule;
use super::model::SettingValue;
use super::model::{
    BoardAction, BoardView, Card, CellView, Hand, Piece, Pos, Scene, Surface, Target, UiGame,
};
use crate::games::GameId;
use crate::i18n::{GameText, Lang, Side, Words};
use crate::rules::gomoku::{Config, Gomoku, Move, RuleSet, SIZE, coordinates, point_at};
use crate::rules::{Game, Outcome};
use yew::Html;

const RULE_SETS: [RuleSet; 3] = [RuleSet::Freestyle, RuleSet::Standard, RuleSet::Renju];

fn stone(side: Side) -> Piece {
    Piece::new(side, "stone", "")
}

/// The star points (hoshi) of a 15x15 board: its centre, tengen, and the four 4-4 points.
const STARS: [&str; 5] = ["h8", "d4", "l4", "d12", "l12"];

impl UiGame for Gomoku {
    const ID: GameId = GameId::Gomoku;
    type Flow = Direct;
    const SIDES: [Side; 2] = [Side::Black, Side::White];

    const CARD: Words<Card> = Words {
        zh_hant: Card {
            name: "五子棋", blurb: "十五路棋盤，先連五子者勝；自由、標準或連珠規則。"
        },
        en: Card { name: "Gomoku", blurb: "Five in a row on a 15x15 board; freestyle, standard or renju." },
    };

    const HELP: Words<&'static [&'static str]> = Words {
        zh_hant: &[
            "目標：先把自己的五顆棋子連成一直線（橫、直、斜皆可）者勝。黑方先下，雙方輪流在 15×15 棋盤的空點上放一子，棋子放下後就不再移動。",
            "規則（第一步之前選擇）。自由：五子或以上連線即勝。標準：恰好五子才算勝，六子以上（長連）不算，對局繼續。連珠：黑方不能下雙三、雙四或長連（禁手點會標示在棋盤上），但恰好連成五子不算禁手；白方五子或以上皆勝。",
            "棋盤下滿仍無人獲勝，即為和棋。",
            "操作：點選或輕觸一個點，或把棋罐裡的棋子拖到點上。鍵盤：方向鍵移動焦點，Enter 或空白鍵落子。可以在棋子上顯示手數。",
        ],
        en: &[
            "Goal: five of your stones in an unbroken line, across, down or diagonally. Black starts; players take turns placing a stone on an empty point of the 15×15 board. Stones never move.",
            "Rules, chosen before the first move. Freestyle: five or more in a row wins. Standard: exactly five wins; six or more does not, and play goes on. Renju: black may not make a double-three, a double-four or an overline (six or more) unless the stone also makes exactly five; such points are marked. White wins with five or more.",
            "A full board with no winner is a draw.",
            "Playing here: click or tap a point, or drag a stone from the bowl onto it. Keyboard: arrow keys move the focus, Enter or Space places. Move numbers can be shown on the stones.",
        ],
    };

    fn thumbnail() -> Html {
        // A corner of the board: black's diagonal four, blocked by white at one end.
        lined_board(&[
            ".........",
            ".........",
            "......w..",
            "....bb...",
            "...wb....",
            "...bww...",
            "..b......",
            ".........",
            ".........",
        ])
    }

    fn view(&self, scene: &Scene<Self>, text: &GameText) -> BoardView {
        let words = WORDS.of(text.lang);
        let moves = scene.moves;
        let last_point = moves.last().map(|Move::Place(p)| *p);
        let number = |at| moves.iter().position(|&Move::Place(p)| p == at).map(|i| i + 1);
        let in_play = self.outcome().is_none();
        let winning = self.winning_line();
        let mut cells = Vec::with_capacity(SIZE * SIZE);
        let mut targets = Vec::new();
        for y in 0..SIZE {
            for x in 0..SIZE {
                let at = point_at(x, y);
                let owner = self.stone(at).map(|p| self.side(p));
                let forbidden = in_play && owner.is_none() && self.is_forbidden(at);
                let content = match owner {
                    Some(side) => (text.stone)((text.side)(side)),
                    None if forbidden => words.forbidden_point.to_owned(),
                    None => text.empty.to_owned(),
                };
                cells.push(CellView {
                    last: last_point == Some(at),
                    highlight: winning.contains(&at),
                    mark: forbidden.then_some("forbidden"),
                    number: owner.and(number(at)),
                    ..CellView::new(
                        owner.map(stone),
                        format!("{}: {content}", self.notation(&Move::Place(at))),
                    )
                });
                // Forbidden points stay targets, so a try is refused in words.
                if owner.is_none() {
                    targets.push(Target::at((x, y)));
                }
            }
        }
        let side = self.side(self.to_move());
        let hand =
            in_play.then(|| Hand { side, piece: stone(side), label: (text.next_stone)((text.side)(side)) });
        BoardView {
            targets,
            hand,
            hand_place: true,
            numbered: true,
            surface: Surface::Points,
            stars: STARS
                .iter()
                .filter_map(|name| self.parse_move(name).ok())
                .map(|Move::Place(at)| coordinates(at))
                .collect(),
            ..BoardView::new(SIZE, SIZE, cells, Self::CARD.of(text.lang).name)
        }
        .lettered()
    }

    fn touches(&self, &Move::Place(point): &Move) -> Vec<Pos> {
        vec![coordinates(point)]
    }

    fn action_move(&self, action: BoardAction) -> Option<Move> {
        match action {
            BoardAction::Activate((x, y)) => Some(Move::Place(point_at(x, y))),
            BoardAction::Move { .. } => None,
        }
    }

    fn said(&self, turn: &[Move], _after: &Self, text: &GameText) -> String {
        let placed: Vec<String> = turn.iter().map(|mv| (text.places_on)(&self.notation(mv))).collect();
        (text.actions)((text.side)(self.side(self.to_move())), &placed)
    }

    fn ending(&self, text: &GameText) -> String {
        let words = WORDS.of(text.lang);
        match self.outcome() {
            Some(Outcome::Win(_)) => words.five_in_a_row.to_owned(),
            Some(Outcome::Draw) => text.full_board.to_owned(),
            None => String::new(),
        }
    }

    fn settings(config: &Config, lang: Lang) -> Vec<Rule<Config>> {
        let words = RULE_WORDS.of(lang);
        let value = SettingValue::choice(&RULE_SETS, &config.rules, |&r| (words.rule_set_name)(r));
        let apply = |config: &Config, choice: usize| Config {
            rules: RULE_SETS.get(choice).copied().unwrap_or(config.rules),
        };
        vec![Rule::new("rules", words.rule_set, value, apply)]
    }
}

/// The words of the rules the players may change (the new-game dialog's, the lobby's): apart,
/// so that the lobby, which says every game's, holds none of the games' other words.
struct RuleWords {
    rule_set: &'static str,
    rule_set_name: fn(RuleSet) -> &'static str,
}

static RULE_WORDS: Words<RuleWords> = Words {
    zh_hant: RuleWords {
        rule_set: "規則",
        rule_set_name: |name| match name {
            RuleSet::Standard => "標準（恰好五子）",
            RuleSet::Renju => "連珠（黑方有禁手）",
            RuleSet::Freestyle => "自由（五子以上）",
        },
    },
    en: RuleWords {
        rule_set: "Rules",
        rule_set_name: |name| match name {
            RuleSet::Standard => "Standard (exactly five)",
            RuleSet::Renju => "Renju (black has forbidden moves)",
            RuleSet::Freestyle => "Freestyle (five or more)",
        },
    },
};

/// Gomoku's own words.
struct GomokuWords {
    five_in_a_row: &'static str,
    forbidden_point: &'static str,
}

static WORDS: Words<GomokuWords> = Words {
    zh_hant: GomokuWords { five_in_a_row: "五子連線", forbidden_point: "黑方禁手" },
    en: GomokuWords { five_in_a_row: "Five in a row", forbidden_point: "forbidden to black" },
};
