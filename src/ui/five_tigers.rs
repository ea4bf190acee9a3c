//! Five Tigers on the shared board: drag a stone from the bowl or click a point to place;
//! click an opponent's stone to remove or take it; click or drag a stone to step.

use super::board::lined_board;
use super::flow::Direct;
use super::model::Opponent;
use super::model::Rule;
use super::model::SettingValue;
use super::model::{
    BoardAction, BoardView, Card, CellView, Hand, Hint, Piece, Pos, Scene, Surface, Target, UiGame,
};
use crate::games::GameId;
use crate::i18n::{GameText, Lang, Side, Words};
use crate::rules::five_tigers::{
    Config, FiveTigers, Formation, Move, Phase, Point, Preset, QUIET_LIMIT, SIZE, Shape, coordinates,
    point_at, point_name,
};
use crate::rules::{Game, Outcome};
use yew::Html;

fn stone(side: Side) -> Piece {
    Piece::new(side, "stone", "")
}

impl FiveTigers {
    /// The formations the latest turn's placement or step made (the last, if it placed more
    /// than once): what the board highlights and the status counts.
    fn formed_in(&self, turn: &[Move]) -> Vec<Formation> {
        let made = turn.iter().rev().find(|mv| !matches!(mv, Move::Remove(_)));
        made.map_or_else(Vec::new, |mv| self.formed_by(mv))
    }
}

impl UiGame for FiveTigers {
    const ID: GameId = GameId::FiveTigers;
    type Flow = Direct;
    const SIDES: [Side; 2] = [Side::Black, Side::White];

    const CARD: Words<Card> = Words {
        zh_hant: Card {
            name: "五虎棋", blurb: "先擺子、再提子、後走子：成方成斜可吃子。"
        },
        en: Card { name: "Five Tigers", blurb: "Place, remove, then move: squares and lines capture." },
    };

    const HELP: Words<&'static [&'static str]> = Words {
        zh_hant: &[
            "目標：讓對方剩不到三子。黑白雙方在 5×5 共 25 個交叉點上對弈，黑方先下。分三個階段：擺子、提子、走子。",
            "棋型（全是自己的子）：方（2×2 四子）；從一邊斜到另一邊的斜線：三斜、四斜、五斜（角到角）；整條橫列或直行（成行）。",
            "分值依「棋型分值」而定，第一步前可改。標準：方 1、三斜 1、四斜 2、五斜 3、成行 2；東北五虎：一律 1；山東五棍棋：方 1、三斜 2、四斜 3、五斜 5、成行 4。",
            "擺子：雙方輪流在空點放一子。放下的子若成棋型，就依分值立刻多擺幾子（加擺的子也能再成型）。棋盤擺滿即結束，沒用完的加擺作廢。",
            "提子：擺滿後，白方先提掉黑方一子，黑方再提掉白方一子，然後由白方先走。",
            "走子：把一子往上下左右走到相鄰的空點（不能斜走）。走動的子若成棋型，就依分值吃掉對方任選的幾子。無子可走的一方先提對方一子，對方再提他一子，然後由他走。",
            "勝負：剩不到三子的一方輸。走子階段雙方各走 50 步都沒吃子或提子，即為和棋。",
            "操作：點選空點，或從棋罐拖出棋子來擺子；點選對方的子來提子或吃子；拖曳自己的子，或先點子再點目標來走子。鍵盤：方向鍵移動焦點，Enter 或空白鍵執行。剛成的棋型會標示出來，狀態列會寫出還能擺或要吃幾子。",
        ],
        en: &[
            "Goal: leave your opponent fewer than three stones. Black and white play on the 25 points of a 5×5 grid; black starts. Three phases: place, remove, move.",
            "Formations of your own stones: a square (方) of 2×2 points; an edge-to-edge diagonal of three (三斜), four (四斜) or five points (五斜, corner to corner); a whole row or column.",
            "Their values, set by Formation values until the first move. Standard: 方 1, 三斜 1, 四斜 2, 五斜 3, row or column 2. Northeast: all 1. Shandong: 方 1, 三斜 2, 四斜 3, 五斜 5, row or column 4.",
            "Place: take turns putting a stone on an empty point. A stone that completes formations earns that many extra placements at once (which may earn more). When the board is full, placing ends; unused placements are lost.",
            "Remove: white then removes one black stone, black one white stone, and white moves first.",
            "Move: step a stone up, down, left or right to an empty neighbouring point. A step that completes formations with that stone takes that many opponent stones, any you choose. A player who cannot step removes one opponent stone, the opponent removes one, then the blocked player moves.",
            "End: fewer than three stones loses. Fifty moves each in the moving phase without a capture or removal is a draw.",
            "Playing here: place by clicking a point or dragging a stone from the bowl; remove or take by clicking an opponent's stone; step by dragging a stone, or clicking it, then the point. Keyboard: arrows move the focus, Enter or Space acts. New formations are highlighted; the status says what is still owed.",
        ],
    };

    fn thumbnail() -> Html {
        // A square of black formed in the corner.
        lined_board(&["bb..w", "bbw..", "..w.b", ".w..w", "b...."])
    }

    fn view(&self, scene: &Scene<Self>, text: &GameText) -> BoardView {
        let touched = match scene.moves.last() {
            Some(Move::Place(p) | Move::Remove(p)) => vec![*p],
            Some(Move::Step { from, to }) => vec![*from, *to],
            None => Vec::new(),
        };
        let formed: Vec<Point> =
            self.formed_in(scene.turn).iter().flat_map(|f| f.points.iter().copied()).collect();
        let mut cells = Vec::with_capacity(SIZE * SIZE);
        for y in 0..SIZE {
            for x in 0..SIZE {
                let at = point_at(x, y);
                let owner = self.stone(at).map(|p| self.side(p));
                let content = owner.map_or(text.empty.to_owned(), |side| (text.stone)((text.side)(side)));
                cells.push(CellView {
                    last: touched.contains(&at),
                    highlight: formed.contains(&at),
                    ..CellView::new(owner.map(stone), format!("{}: {content}", point_name(at)))
                });
            }
        }
        let mut moves = Vec::new();
        let mut targets = Vec::new();
        for &mv in scene.legal {
            match mv {
                Move::Place(p) | Move::Remove(p) => targets.push(Target::at(coordinates(p))),
                Move::Step { from, to } => moves.push((coordinates(from), coordinates(to), Hint::Move)),
            }
        }
        let side = self.side(self.to_move());
        let placing = matches!(self.phase(), Phase::Place { .. }) && self.outcome().is_none();
        let hand =
            placing.then(|| Hand { side, piece: stone(side), label: (text.next_stone)((text.side)(side)) });
        BoardView {
            moves,
            targets,
            hand,
            hand_place: true,
            surface: Surface::Points,
            ..BoardView::new(SIZE, SIZE, cells, Self::CARD.of(text.lang).name)
        }
        .lettered()
    }

    fn touches(&self, mv: &Move) -> Vec<Pos> {
        match *mv {
            Move::Place(point) | Move::Remove(point) => vec![coordinates(point)],
            Move::Step { from, to } => vec![coordinates(from), coordinates(to)],
        }
    }

    fn action_move(&self, action: BoardAction) -> Option<Move> {
        match action {
            BoardAction::Activate((x, y)) => Some(match self.phase() {
                Phase::Place { .. } => Move::Place(point_at(x, y)),
                _ => Move::Remove(point_at(x, y)),
            }),
            BoardAction::Move { from, to } => {
                Some(Move::Step { from: point_at(from.0, from.1), to: point_at(to.0, to.1) })
            }
        }
    }

    /// Each action in words: a removal after a step is a capture.
    fn said(&self, turn: &[Move], _after: &Self, text: &GameText) -> String {
        let words = WORDS.of(text.lang);
        let stepped = turn.iter().any(|mv| matches!(mv, Move::Step { .. }));
        let actions: Vec<String> = turn
            .iter()
            .map(|mv| match *mv {
                Move::Place(p) => (text.places_on)(&point_name(p)),
                Move::Remove(p) if stepped => (text.takes)(&point_name(p)),
                Move::Remove(p) => (words.removes)(&point_name(p)),
                Move::Step { from, to } => (text.steps)(&point_name(from), &point_name(to)),
            })
            .collect();
        (text.actions)((text.side)(self.side(self.to_move())), &actions)
    }

    fn ending(&self, text: &GameText) -> String {
        let words = WORDS.of(text.lang);
        match self.outcome() {
            Some(Outcome::Win(winner)) => (words.too_few_stones)((text.side)(self.side(winner.opponent()))),
            Some(Outcome::Draw) => (words.quiet_moves_draw)(QUIET_LIMIT),
            None => String::new(),
        }
    }

    fn phase(&self) -> Option<&'static str> {
        Some(match FiveTigers::phase(self) {
            Phase::Place { .. } => "place",
            Phase::Remove { .. } => "remove",
            Phase::Move { .. } => "move",
        })
    }

    /// The formations just made with their values, and what the player still owes.
    fn detail(&self, scene: &Scene<Self>, text: &GameText) -> Option<String> {
        let words = WORDS.of(text.lang);
        let values = self.config().preset.values();
        let formed: Vec<String> = self
            .formed_in(scene.turn)
            .iter()
            .map(|f| format!("{} +{}", (words.formation)(f.shape), values.of(f.shape)))
            .collect();
        let owed = match FiveTigers::phase(self) {
            Phase::Place { owed } if owed > 1 || !formed.is_empty() => Some((words.placements_left)(owed)),
            Phase::Remove { .. } => Some(words.remove_one.to_owned()),
            Phase::Move { captures } if captures > 0 => Some((words.captures_left)(captures)),
            _ => None,
        };
        let parts: Vec<String> =
            [(!formed.is_empty()).then(|| formed.join(", ")), owed].into_iter().flatten().collect();
        (!parts.is_empty()).then(|| parts.join(" — "))
    }

    fn settings(config: &Config, lang: Lang) -> Vec<Rule<Config>> {
        let words = RULE_WORDS.of(lang);
        let value = SettingValue::choice(&Preset::ALL, &config.preset, |&p| (words.preset_name)(p));
        let apply = |config: &Config, choice: usize| Config {
            preset: Preset::ALL.get(choice).copied().unwrap_or(config.preset),
        };
        vec![Rule::new("preset", words.preset, value, apply)]
    }

    fn info(&self, text: &GameText, _: Opponent) -> Vec<String> {
        let words = WORDS.of(text.lang);
        let values = self.config().preset.values();
        let shapes = [Shape::Square, Shape::Diagonal3, Shape::Diagonal4, Shape::Diagonal5, Shape::Line];
        let named: Vec<(&str, u32)> =
            shapes.iter().map(|&shape| ((words.formation)(shape), values.of(shape))).collect();
        vec![(words.values)(&named), words.turn.to_owned()]
    }
}

/// The words of the rules the players may change (the new-game dialog's, the lobby's): apart,
/// so that the lobby, which says every game's, holds none of the games' other words.
struct RuleWords {
    preset: &'static str,
    preset_name: fn(Preset) -> &'static str,
}

static RULE_WORDS: Words<RuleWords> = Words {
    zh_hant: RuleWords {
        preset: "棋型分值",
        preset_name: |preset| match preset {
            Preset::Northeast => "東北五虎（皆為 1）",
            Preset::Shandong => "山東五棍棋",
            Preset::Seed => "標準",
        },
    },
    en: RuleWords {
        preset: "Formation values",
        preset_name: |preset| match preset {
            Preset::Northeast => "Northeast 五虎 (all 1)",
            Preset::Shandong => "Shandong 五棍棋",
            Preset::Seed => "Standard",
        },
    },
};

/// Five Tigers' own words.
struct FiveTigersWords {
    /// A formation's name: 方, 三斜, 四斜, 五斜, or a row or column.
    formation: fn(Shape) -> &'static str,
    placements_left: fn(u32) -> String,
    remove_one: &'static str,
    captures_left: fn(u32) -> String,
    values: fn(&[(&str, u32)]) -> String,
    too_few_stones: fn(&str) -> String,
    quiet_moves_draw: fn(u32) -> String,
    /// A stone removed for a formation placed (one taken after a step is said as taken).
    removes: fn(&str) -> String,
    /// What one turn is, where a turn can hold several actions (Undo takes it back whole).
    turn: &'static str,
}

static WORDS: Words<FiveTigersWords> = Words {
    zh_hant: FiveTigersWords {
        formation: |shape| match shape {
            Shape::Square => "方",
            Shape::Diagonal3 => "三斜",
            Shape::Diagonal4 => "四斜",
            Shape::Diagonal5 => "五斜",
            Shape::Line => "成行",
        },
        placements_left: |n| format!("還可再擺 {n} 子"),
        remove_one: "提掉對方一子",
        captures_left: |n| format!("吃掉對方 {n} 子"),
        values: |values| {
            let parts: Vec<String> = values.iter().map(|(name, value)| format!("{name} {value}")).collect();
            parts.join("・")
        },
        too_few_stones: |side| format!("{side}剩不到三子"),
        quiet_moves_draw: |plies| format!("雙方各走 {} 步未吃子", plies / 2),
        removes: |point| format!("提走 {point}"),
        turn: "一次落子連同它贏得的加落，或一次走子連同它贏得的吃子，算一手：悔棋會整手收回。",
    },
    en: FiveTigersWords {
        formation: |shape| match shape {
            Shape::Square => "Square (方)",
            Shape::Diagonal3 => "Three diagonal (三斜)",
            Shape::Diagonal4 => "Four diagonal (四斜)",
            Shape::Diagonal5 => "Five diagonal (五斜)",
            Shape::Line => "Row or column",
        },
        placements_left: |n| {
            if n == 1 { "1 placement left".to_owned() } else { format!("{n} placements left") }
        },
        remove_one: "Remove one of your opponent's stones",
        captures_left: |n| if n == 1 { "Take 1 stone".to_owned() } else { format!("Take {n} stones") },
        values: |values| {
            let parts: Vec<String> = values.iter().map(|(name, value)| format!("{name} {value}")).collect();
            parts.join(" · ")
        },
        too_few_stones: |side| format!("{side} has fewer than three stones"),
        quiet_moves_draw: |plies| format!("{} moves each without a capture", plies / 2),
        removes: |point| format!("removes {point}"),
        turn: "A placement with the placements it earns, or a step with the captures it earns, is one turn: Undo takes it back whole.",
    },
};
