//! Checkers on the shared board: drag or click a piece to a landing square, one leg at a time.
//! While a move is made its path is drawn: an arrow on each square the piece left, and a mark
//! on each piece it jumped (`data-mark="arrow-ne"`, `"removed"`, ...).

use super::flow::Guided;
use super::model::Opponent;
use super::model::Rule;
use super::model::{BoardAction, BoardView, Card, CellView, Hint, Piece, Pos, Scene, Surface, UiGame};
use super::model::{Command, SettingValue};
use crate::games::GameId;
use crate::i18n::{GameText, Lang, Side, Words};
use crate::rules::checkers::{
    Checkers, Config, Move, QUIET_LIMIT, Square, coordinates, jumped_square, last_move, square_at,
};
use crate::rules::{Game, Outcome};
use yew::{Html, html};

const SIZE: usize = 8;

fn piece(side: Side, king: bool) -> Piece {
    if king { Piece::new(side, "king", "♛") } else { Piece::new(side, "man", "") }
}

/// The arrow on a square a leg left, pointing the way the piece went.
fn arrow(leg: Move) -> &'static str {
    let ((ax, ay), (bx, by)) = (coordinates(leg.from), coordinates(leg.to));
    match (bx > ax, by > ay) {
        (true, false) => "arrow-ne",
        (false, false) => "arrow-nw",
        (true, true) => "arrow-se",
        (false, true) => "arrow-sw",
    }
}

/// The squares a move touched: where it started, each landing, and each piece it jumped.
fn touched(legs: &[Move]) -> Vec<Square> {
    let mut squares: Vec<Square> = legs.first().map(|l| l.from).into_iter().collect();
    for &leg in legs {
        squares.push(leg.to);
        squares.extend(jumped_square(leg));
    }
    squares
}

impl Checkers {
    /// Whether the player to move, whose legal moves are `legal`, has a capture and must take it.
    fn must_capture(&self, legal: &[Move]) -> bool {
        self.config().compulsory_capture && legal.iter().any(|&m| jumped_square(m).is_some())
    }
}

impl UiGame for Checkers {
    const ID: GameId = GameId::Checkers;
    type Flow = Guided;
    const SIDES: [Side; 2] = [Side::Black, Side::Red];

    const CARD: Words<Card> = Words {
        zh_hant: Card {
            name: "西洋跳棋", blurb: "英式跳棋：斜跳吃子，走到底線升為王。"
        },
        en: Card {
            name: "Checkers",
            blurb: "English draughts: jump to capture, reach the far row to crown a king.",
        },
    };

    const HELP: Words<&'static [&'static str]> = Words {
        zh_hant: &[
            "目標：讓對方無棋可走（棋子被吃光，或全被堵死）。英式跳棋在 8×8 棋盤的 32 個深色格上進行，雙方各 12 子；黑方從上方出發，先走。",
            "兵每次斜著往前走一格到空格。吃子是斜著往前跳過相鄰的對方棋子，落到它後面的空格；同一枚棋子若還能再跳，就在同一回合繼續跳。被跳過的棋子在回合結束時拿走。",
            "兵走到對方底線就升為王（♛），這一步也就此結束。王可以往前或往後斜走一格、斜跳吃子。",
            "吃子是強制的：能吃就一定要吃，連跳也要跳完；有幾種吃法時可自由選擇。在「規則」裡開啟「吃子非強制（可不吃）」後，可以不吃而改走一般的一步，連跳時也能按「結束這一回合」提前停止。",
            "和棋：同一局面輪到同一方時第三次出現，或雙方各走 40 步都沒有吃子也沒有動兵。",
            "操作：把棋子拖到落點，或先點棋子再點落點；連跳要一跳一跳地走，路徑會畫出來。鍵盤：方向鍵移動焦點，Enter 或空白鍵執行，Esc 取消選取。開啟「每回合確認」後，走完要按「完成回合」才算數（「清除本回合」可以重走）；「交換裝置」會在回合之間遮住棋盤；「重播上一步」會再畫出上一步的路徑。",
        ],
        en: &[
            "Goal: leave your opponent no move, every piece taken or blocked. English draughts on the 32 dark squares of an 8×8 board, 12 pieces each; black starts at the top and moves first.",
            "A man steps one square diagonally forward to an empty square. It captures by jumping diagonally forward over an adjacent enemy piece to the empty square beyond; if the same piece can jump again, it goes on in the same turn. Jumped pieces leave when the turn ends.",
            "A man that reaches the far row becomes a king (♛), and its move ends there. A king steps and jumps one square diagonally, forward or backward.",
            "Captures are compulsory: if you can jump, you must, and a multi-jump must be finished; where there are several captures, you choose. With Captures optional, under Rules, you may step instead, and stop a multi-jump with End the turn.",
            "Draws: the same position a third time with the same player to move, or 40 moves each without a capture or a man moved.",
            "Playing here: drag a piece to where it lands, or click it and then the square, one jump at a time; its path is drawn. Keyboard: arrow keys move the focus, Enter or Space acts, Escape drops the selection. With Confirm each turn, a move waits for Finish turn (Clear this turn takes it back); Pass the device covers the board between turns; Replay last move draws the last move again.",
        ],
    };

    fn thumbnail() -> Html {
        // Mid-game: men of both sides, a red king, on the dark squares.
        const PIECES: [&str; 8] =
            [".b.b.b.b", "b.b...b.", ".b...b..", "..r.....", ".....b..", "r.r...R.", ".r.r.r.r", "r.r.r..."];
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

    fn view(&self, scene: &Scene<Self>, text: &GameText) -> BoardView {
        let words = WORDS.of(text.lang);
        let (legal, path) = (scene.legal, scene.path);
        let last = touched(last_move(scene.moves));
        let mut marks: Vec<(Square, &'static str)> = Vec::new();
        // A stop goes nowhere: nothing to draw.
        for &leg in path.iter().filter(|leg| !leg.is_stop()) {
            marks.push((leg.from, arrow(leg)));
            marks.extend(jumped_square(leg).map(|s| (s, "removed")));
        }
        let mut cells = Vec::with_capacity(SIZE * SIZE);
        for y in 0..SIZE {
            for x in 0..SIZE {
                let Some(square) = square_at(x, y) else {
                    let label = words.light_square.to_owned();
                    cells.push(CellView::new(None, label));
                    continue;
                };
                let here = self.piece(square).map(|p| (self.side(p.owner), p.king));
                let mark = marks.iter().rev().find(|(s, _)| *s == square).map(|(_, mark)| *mark);
                let mut label = format!(
                    "{}: {}",
                    (words.square)(square + 1),
                    here.map_or(text.empty.to_owned(), |(side, king)| (words.checker)(
                        (text.side)(side),
                        king
                    ))
                );
                if mark == Some("removed") && here.is_some() {
                    label = format!("{label}, {}", words.jumped);
                }
                cells.push(CellView {
                    last: last.contains(&square),
                    mark,
                    // The square's PDN number, as printed draughts boards show it.
                    corner: Some((square + 1).to_string()),
                    ..CellView::new(here.map(|(side, king)| piece(side, king)), label)
                });
            }
        }
        let moves = legal
            .iter()
            // A stop is made with its button, never by dropping a piece back where it stands.
            .filter(|m| !m.is_stop())
            .map(|&m| {
                let hint = if jumped_square(m).is_some() { Hint::Capture } else { Hint::Move };
                (coordinates(m.from), coordinates(m.to), hint)
            })
            .collect();
        BoardView {
            moves,
            surface: Surface::Checkered,
            held: self.jumping().map(coordinates),
            prompts: if self.must_capture(legal) {
                legal.iter().map(|m| (coordinates(m.from), "must-capture")).collect()
            } else {
                Vec::new()
            },
            path: path
                .iter()
                .filter(|leg| !leg.is_stop())
                .map(|l| (coordinates(l.from), coordinates(l.to)))
                .collect(),
            // The squares the last turn's piece landed on, for its slide leg by leg.
            trail: scene
                .turn
                .first()
                .map(|leg| coordinates(leg.from))
                .into_iter()
                .chain(scene.turn.iter().map(|leg| coordinates(leg.to)))
                .collect(),
            ..BoardView::new(SIZE, SIZE, cells, Self::CARD.of(text.lang).name)
        }
    }

    /// The squares by number, and the pieces taken.
    fn said(&self, turn: &[Move], _after: &Self, text: &GameText) -> String {
        let words = WORDS.of(text.lang);
        let legs: Vec<Move> = turn.iter().copied().filter(|leg| !leg.is_stop()).collect();
        let squares: Vec<u8> = legs
            .first()
            .map(|l| l.from)
            .into_iter()
            .chain(legs.iter().map(|l| l.to))
            .map(|s| s + 1)
            .collect();
        let taken = legs.iter().filter(|&&leg| jumped_square(leg).is_some()).count();
        (words.move_said)((text.side)(self.side(self.to_move())), &squares, taken)
    }

    fn touches(&self, mv: &Move) -> Vec<Pos> {
        vec![coordinates(mv.from), coordinates(mv.to)]
    }

    fn action_move(&self, action: BoardAction) -> Option<Move> {
        let square = |(x, y): Pos| square_at(x, y);
        match action {
            BoardAction::Move { from, to } => Some(Move { from: square(from)?, to: square(to)? }),
            BoardAction::Activate(_) => None,
        }
    }

    fn ending(&self, text: &GameText) -> String {
        let words = WORDS.of(text.lang);
        match self.outcome() {
            Some(Outcome::Win(winner)) => {
                let loser = winner.opponent();
                let has_pieces = (0..32).any(|s| self.piece(s).is_some_and(|p| p.owner == loser));
                let ending = if has_pieces { text.cannot_move } else { text.no_pieces_left };
                ending((text.side)(self.side(loser)))
            }
            Some(Outcome::Draw) => (words.no_capture_or_man_moved)(QUIET_LIMIT),
            None => String::new(),
        }
    }

    fn detail(&self, scene: &Scene<Self>, text: &GameText) -> Option<String> {
        let words = WORDS.of(text.lang);
        if self.jumping().is_some() {
            let optional = !self.config().compulsory_capture;
            Some(if optional { words.jump_on_or_end } else { words.jump_on }.to_owned())
        } else {
            self.must_capture(scene.legal).then(|| words.must_capture.to_owned())
        }
    }

    fn settings(config: &Config, lang: Lang) -> Vec<Rule<Config>> {
        let words = RULE_WORDS.of(lang);
        let optional = SettingValue::Toggle(!config.compulsory_capture);
        vec![Rule::new("captures-optional", words.captures_optional, optional, |_, on| Config {
            compulsory_capture: on == 0,
        })]
    }

    fn info(&self, text: &GameText, _: Opponent) -> Vec<String> {
        let words = WORDS.of(text.lang);
        vec![words.rules.to_owned()]
    }

    /// Where captures are optional, a multi-jump may end before it must.
    fn commands(&self, legal: &[Move], text: &GameText) -> Vec<(Command, Move)> {
        let stop = self.jumping().map(Move::stop).filter(|stop| legal.contains(stop));
        stop.map(|stop| (Command { name: "end-chain", label: text.end_chain }, stop)).into_iter().collect()
    }
}

/// The words of the rules the players may change (the new-game dialog's, the lobby's): apart,
/// so that the lobby, which says every game's, holds none of the games' other words.
struct RuleWords {
    captures_optional: &'static str,
}

static RULE_WORDS: Words<RuleWords> = Words {
    zh_hant: RuleWords { captures_optional: "吃子非強制（可不吃）" },
    en: RuleWords { captures_optional: "Captures optional (not compulsory)" },
};

/// Checkers' own words.
struct CheckersWords {
    /// A checkers piece: side name, and whether it is a king.
    checker: fn(&str, bool) -> String,
    /// A dark square by its PDN number.
    square: fn(u8) -> String,
    light_square: &'static str,
    jumped: &'static str,
    must_capture: &'static str,
    jump_on: &'static str,
    jump_on_or_end: &'static str,
    no_capture_or_man_moved: fn(u32) -> String,
    rules: &'static str,
    /// A checkers move: the side's name, the squares it passed, how many pieces it took.
    move_said: fn(&str, &[u8], usize) -> String,
}

static WORDS: Words<CheckersWords> = Words {
    zh_hant: CheckersWords {
        checker: |side, king| format!("{side}{}", if king { "王" } else { "兵" }),
        square: |n| format!("第 {n} 格"),
        light_square: "淺色格",
        jumped: "本回合被跳吃",
        must_capture: "必須吃子",
        jump_on: "須以同一枚棋子繼續跳吃",
        jump_on_or_end: "可用同一枚棋子繼續跳吃，或結束這一回合",
        no_capture_or_man_moved: |plies| format!("雙方各走 {} 步未吃子、未動兵", plies / 2),
        rules: "英式跳棋（WCDF 規則）：黑方先走，從上方出發；兵到達底線即升王，該步就此結束。連跳算一步：悔棋會整步收回。",
        move_said: |side, squares, taken| {
            let path: Vec<String> = squares.iter().map(u8::to_string).collect();
            match taken {
                0 => format!("{side} {}", path.join(" 走到 ")),
                n => format!("{side} {}，吃 {n} 子", path.join(" 跳到 ")),
            }
        },
    },
    en: CheckersWords {
        checker: |side, king| format!("{side} {}", if king { "king" } else { "man" }),
        square: |n| format!("Square {n}"),
        light_square: "light square",
        jumped: "jumped this turn",
        must_capture: "A capture is compulsory",
        jump_on: "Jump on with the same piece",
        jump_on_or_end: "Jump on with the same piece, or end the turn",
        no_capture_or_man_moved: |plies| format!("{} moves each without a capture or a man moved", plies / 2),
        rules: "English draughts (WCDF): black moves first, from the top; a man that reaches the far row is crowned and stops there. A multi-jump is one move: Undo takes it back whole.",
        move_said: |side, squares, taken| {
            let path: Vec<String> = squares.iter().map(u8::to_string).collect();
            match taken {
                0 => format!("{side} moves {}", path.join(" to ")),
                1 => format!("{side} jumps {}, one piece taken", path.join(" to ")),
                n => format!("{side} jumps {}, {n} pieces taken", path.join(" to ")),
            }
        },
    },
};
