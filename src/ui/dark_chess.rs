//! Dark chess on the shared board: click a face-down piece to flip it; click or drag one of
//! your face-up pieces to a hinted square to move or capture.

use super::flow::Direct;
use super::model::Opponent;
use super::model::Rule;
use super::model::{BoardAction, BoardView, Card, CellView, Hint, Piece, Pos, Scene, Target, UiGame};
use super::model::{Command, SettingValue, Tray};
use crate::games::GameId;
use crate::i18n::{GameText, Lang, Side, Words};
use crate::rules::dark_chess::{
    COLUMNS, Cell, Colour, Config, DarkChess, Move, ROWS, Rank, coordinates, square_at, square_name,
};
use crate::rules::{Game, Outcome, Player};
use yew::{Html, html};

/// The draw limits offered, in plies without a flip or capture.
const QUIET_LIMITS: [u32; 4] = [40, 60, 80, 100];

fn colour_side(colour: Colour) -> Side {
    match colour {
        Colour::Red => Side::Red,
        Colour::Black => Side::Black,
    }
}

fn kind(rank: Rank) -> &'static str {
    match rank {
        Rank::General => "general",
        Rank::Advisor => "advisor",
        Rank::Elephant => "elephant",
        Rank::Chariot => "chariot",
        Rank::Horse => "horse",
        Rank::Cannon => "cannon",
        Rank::Soldier => "soldier",
    }
}

/// The piece's character: red and black write most ranks differently.
fn glyph(colour: Colour, rank: Rank) -> &'static str {
    let (red, black) = match rank {
        Rank::General => ("帥", "將"),
        Rank::Advisor => ("仕", "士"),
        Rank::Elephant => ("相", "象"),
        Rank::Chariot => ("俥", "車"),
        Rank::Horse => ("傌", "馬"),
        Rank::Cannon => ("炮", "包"),
        Rank::Soldier => ("兵", "卒"),
    };
    if colour == Colour::Red { red } else { black }
}

fn face_up(colour: Colour, rank: Rank) -> Piece {
    Piece::new(colour_side(colour), kind(rank), glyph(colour, rank))
}

impl UiGame for DarkChess {
    const ID: GameId = GameId::DarkChess;
    type Flow = Direct;
    const SIDES: [Side; 2] = [Side::First, Side::Second];

    const CARD: Words<Card> = Words {
        zh_hant: Card {
            name: "暗棋", blurb: "翻開蓋著的棋子，依大小吃子，炮隔一子打。"
        },
        en: Card { name: "Dark chess", blurb: "Flip hidden pieces, capture by rank; the cannon jumps." },
    };

    const HELP: Words<&'static [&'static str]> = Words {
        zh_hant: &[
            "目標：吃光對方的棋子，或讓對方無棋可走。一副象棋的 32 顆棋子洗亂後蓋著，排在 4×8 的棋盤上。",
            "每回合做一件事：翻開一顆棋子；把自己翻開的一顆棋子往上下左右走一格；或吃子。第一個翻棋的人執所翻棋子的顏色。",
            "由大到小：帥將、仕士、相象、俥車、傌馬、炮包、兵卒。棋子走一格吃掉相鄰、同級或較小的對方棋子；但帥（將）不能吃兵（卒），兵（卒）卻能吃帥（將）。",
            "炮（包）吃子要「隔一子打」：沿直線跳過恰好一顆棋子（不限敵我、明暗與距離），吃掉其後的第一顆棋子；只要是對方的，不論大小都能吃。",
            "自訂規則在「規則」裡，第一步前可改。連吃：吃子後，同一顆棋子可在同一回合繼續吃，按「結束這一回合」停止。",
            "車直衝：俥（車）可沿無阻擋的直線走任意格，吃掉遇到的第一顆對方棋子，不論大小。",
            "盲吃：可以攻擊蓋著的棋子（炮須隔一子）：先翻開，若是吃得到的對方棋子就吃掉，否則它留在原地，這回合結束。",
            "和棋：連續 40、60（預設）、80 或 100 步無翻無吃，或同一局面（含蓋著的棋子）輪到同一方時第三次出現。翻開過棋子的那一手不能悔棋。",
            "操作：點選蓋著的棋子即翻開；把自己的棋子拖到標示的格子，或先點棋子再點格子。鍵盤：方向鍵移動焦點，Enter 或空白鍵執行，Esc 取消。",
        ],
        en: &[
            "Goal: take all your opponent's pieces, or leave them no move. The 32 pieces of a xiangqi set lie face down, shuffled, on a 4×8 board.",
            "A turn is one action: flip a face-down piece, step one of your face-up pieces one square up, down, left or right, or capture. The first flip gives the flipper that piece's colour.",
            "Ranks, highest first: general 帥/將, advisor 仕/士, elephant 相/象, chariot 俥/車, horse 傌/馬, cannon 炮/包, soldier 兵/卒. A piece takes an adjacent enemy of equal or lower rank by stepping onto it, but the general cannot take a soldier, and a soldier takes the general.",
            "The cannon takes only by jumping along a row or column over exactly one piece (any piece, at any distance) onto the next piece beyond, if it is an enemy, of any rank.",
            "House rules, under Rules, until the first move. Chain capture (連吃): a piece that has captured may capture again in the same turn; End the turn stops.",
            "Chariot rush (車直衝): a chariot moves any distance along a clear line and takes the first enemy it meets, of any rank.",
            "Blind capture (盲吃): a piece may attack a face-down piece (a cannon by jumping). It is turned up, and taken if the attacker could take it; otherwise it stays, face up, and the turn ends.",
            "Draws: 40, 60 (the default), 80 or 100 plies without a flip or capture, or the same position (face-down pieces too) a third time with the same player to move. A turn that turned a piece up cannot be undone.",
            "Playing here: click or tap a face-down piece to flip it; drag your piece to a marked square, or click it, then the square. Keyboard: arrows move the focus, Enter or Space acts, Escape cancels.",
        ],
    };

    fn thumbnail() -> Html {
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

    /// The player's colour once the first flip has decided it; `first`/`second` before.
    fn side(&self, player: Player) -> Side {
        match (self.colour(player), player) {
            (Some(colour), _) => colour_side(colour),
            (None, Player::First) => Self::SIDES[0],
            (None, Player::Second) => Self::SIDES[1],
        }
    }

    fn view(&self, scene: &Scene<Self>, text: &GameText) -> BoardView {
        let words = WORDS.of(text.lang);
        let touched = match scene.moves.last() {
            Some(Move::Flip(at)) => vec![*at],
            Some(Move::Go { from, to }) => vec![*from, *to],
            _ => Vec::new(),
        };
        let mut cells = Vec::with_capacity(COLUMNS * ROWS);
        for y in 0..ROWS {
            for x in 0..COLUMNS {
                let at = square_at(x, y);
                let (piece, content) = match self.cell(at) {
                    Cell::Empty => (None, text.empty.to_owned()),
                    Cell::FaceDown(_) => (Some(Piece::FaceDown), words.face_down.to_owned()),
                    Cell::FaceUp(p) => {
                        let name = (words.piece)(
                            (text.side)(colour_side(p.colour)),
                            kind(p.rank),
                            glyph(p.colour, p.rank),
                        );
                        (Some(face_up(p.colour, p.rank)), name)
                    }
                };
                cells.push(CellView {
                    last: touched.contains(&at),
                    highlight: self.chain() == Some(at),
                    ..CellView::new(piece, format!("{}: {content}", square_name(at)))
                });
            }
        }
        let mut moves = Vec::new();
        let mut targets = Vec::new();
        for &mv in scene.legal {
            match mv {
                Move::Flip(at) => targets.push(Target::at(coordinates(at))),
                Move::Go { from, to } => {
                    let hint = if self.cell(to) == Cell::Empty { Hint::Move } else { Hint::Capture };
                    moves.push((coordinates(from), coordinates(to), hint));
                }
                Move::EndChain => {}
            }
        }
        BoardView { moves, targets, ..BoardView::new(COLUMNS, ROWS, cells, Self::CARD.of(text.lang).name) }
            .lettered()
    }

    /// A flip says what it revealed; other turns as the move list writes them.
    fn said(&self, turn: &[Move], after: &Self, text: &GameText) -> String {
        let words = WORDS.of(text.lang);
        // Named by the colour the turn showed (the first flip decides it).
        let side = (text.side)(after.side(self.to_move()));
        if let [Move::Flip(at)] = turn
            && let Cell::FaceUp(p) = after.cell(*at)
        {
            let piece =
                (words.piece)((text.side)(colour_side(p.colour)), kind(p.rank), glyph(p.colour, p.rank));
            return (words.flips)(side, &square_name(*at), &piece);
        }
        // A step, or a capture with the captures of its chain.
        let mut position = self.clone();
        let mut actions = Vec::new();
        for &mv in turn {
            if let Move::Go { from, to } = mv {
                let capture = position.cell(to) != Cell::Empty;
                actions.push(match (capture, actions.is_empty()) {
                    (false, _) => (text.steps)(&square_name(from), &square_name(to)),
                    (true, true) => (words.captures)(&square_name(from), &square_name(to)),
                    (true, false) => (text.takes)(&square_name(to)),
                });
            }
            let _ = position.play(mv);
        }
        if actions.is_empty() {
            return (text.played)(side, &self.turn_notation(turn));
        }
        (text.actions)(side, &actions)
    }

    fn touches(&self, mv: &Move) -> Vec<Pos> {
        match *mv {
            Move::Flip(at) => vec![coordinates(at)],
            Move::Go { from, to } => vec![coordinates(from), coordinates(to)],
            Move::EndChain => Vec::new(),
        }
    }

    fn action_move(&self, action: BoardAction) -> Option<Move> {
        match action {
            BoardAction::Activate((x, y)) => Some(Move::Flip(square_at(x, y))),
            BoardAction::Move { from, to } => {
                Some(Move::Go { from: square_at(from.0, from.1), to: square_at(to.0, to.1) })
            }
        }
    }

    fn ending(&self, text: &GameText) -> String {
        let words = WORDS.of(text.lang);
        match self.outcome() {
            Some(Outcome::Win(winner)) => {
                let loser = winner.opponent();
                let ending = if self.has_pieces(loser) { text.cannot_move } else { text.no_pieces_left };
                ending((text.side)(self.side(loser)))
            }
            Some(Outcome::Draw) => (words.quiet_draw)(self.quiet_plies()),
            None => String::new(),
        }
    }

    fn seed(config: &Config) -> Option<u64> {
        Some(config.seed)
    }

    fn reseed(config: &Config, seed: u64) -> Config {
        Config { seed, ..config.clone() }
    }

    fn settings(config: &Config, lang: Lang) -> Vec<Rule<Config>> {
        let words = RULE_WORDS.of(lang);
        let toggle = |on| SettingValue::Toggle(on);
        let options = QUIET_LIMITS.iter().map(u32::to_string).collect();
        let chosen = QUIET_LIMITS.iter().position(|&n| n == config.quiet_limit).unwrap_or(1);
        vec![
            Rule::new("chain-capture", words.chain_capture, toggle(config.chain_capture), |c, on| Config {
                chain_capture: on == 1,
                ..c.clone()
            }),
            Rule::new("chariot-rush", words.chariot_rush, toggle(config.chariot_rush), |c, on| Config {
                chariot_rush: on == 1,
                ..c.clone()
            }),
            Rule::new("blind-capture", words.blind_capture, toggle(config.blind_capture), |c, on| Config {
                blind_capture: on == 1,
                ..c.clone()
            }),
            Rule::new("quiet-limit", words.quiet_limit, SettingValue::Choice { options, chosen }, |c, i| {
                Config { quiet_limit: QUIET_LIMITS.get(i).copied().unwrap_or(c.quiet_limit), ..c.clone() }
            }),
        ]
    }

    fn info(&self, text: &GameText, _: Opponent) -> Vec<String> {
        let (words, rules) = (WORDS.of(text.lang), RULE_WORDS.of(text.lang));
        let config = self.config();
        let house_rules: Vec<&str> = [
            (config.chain_capture, rules.chain_capture),
            (config.chariot_rush, rules.chariot_rush),
            (config.blind_capture, rules.blind_capture),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect();
        let mut info = vec![(words.seed)(config.seed), (words.house_rules)(&house_rules)];
        if config.chain_capture {
            info.push(words.chain_turn.to_owned());
        }
        info
    }

    /// Each side's captured pieces, strongest first.
    fn trays(&self, text: &GameText) -> Vec<Tray> {
        let words = WORDS.of(text.lang);
        [Colour::Red, Colour::Black]
            .into_iter()
            .map(|colour| {
                let pieces = Rank::ALL
                    .into_iter()
                    .flat_map(|rank| {
                        let taken =
                            self.captured().iter().filter(|p| p.colour == colour && p.rank == rank).count();
                        std::iter::repeat_n(face_up(colour, rank), taken)
                    })
                    .collect();
                Tray {
                    side: colour_side(colour),
                    label: (words.taken_from)((text.side)(colour_side(colour))),
                    pieces,
                }
            })
            .collect()
    }

    /// A piece turned face up (a flip, or a blind capture) stays so: the turn that showed it
    /// would let both players see what lies under it, and choose again.
    fn irreversible(&self, turn: &[Move], text: &GameText) -> Option<String> {
        let mut position = self.clone();
        let revealed = turn.iter().any(|leg| position.reveals_hidden(leg) || position.play(*leg).is_err());
        revealed.then(|| WORDS.of(text.lang).irreversible.to_owned())
    }

    fn commands(&self, _legal: &[Move], text: &GameText) -> Vec<(Command, Move)> {
        match self.chain() {
            Some(_) => vec![(Command { name: "end-chain", label: text.end_chain }, Move::EndChain)],
            None => Vec::new(),
        }
    }
}

/// The words of the rules the players may change (the new-game dialog's, the lobby's): apart,
/// so that the lobby, which says every game's, holds none of the games' other words.
struct RuleWords {
    chain_capture: &'static str,
    chariot_rush: &'static str,
    blind_capture: &'static str,
    quiet_limit: &'static str,
}

static RULE_WORDS: Words<RuleWords> = Words {
    zh_hant: RuleWords {
        chain_capture: "連吃",
        chariot_rush: "車直衝",
        blind_capture: "盲吃",
        quiet_limit: "無翻無吃幾步和棋",
    },
    en: RuleWords {
        chain_capture: "Chain capture (連吃)",
        chariot_rush: "Chariot rush (車直衝)",
        blind_capture: "Blind capture (盲吃)",
        quiet_limit: "Draw after plies without a flip or capture",
    },
};

/// Dark chess's own words.
struct DarkChessWords {
    face_down: &'static str,
    /// A face-up piece: side name, kind (`chariot`) and its character (`俥`).
    piece: fn(&str, &str, &str) -> String,
    seed: fn(u64) -> String,
    house_rules: fn(&[&str]) -> String,
    taken_from: fn(&str) -> String,
    quiet_draw: fn(u32) -> String,
    /// What one turn is, where a turn can hold several actions (Undo takes it back whole).
    chain_turn: &'static str,
    /// A dark-chess flip: the side's name, the square and the piece revealed.
    flips: fn(&str, &str, &str) -> String,
    /// A piece on the first square taking the one on the second.
    captures: fn(&str, &str) -> String,
    /// Why a turn that turned a piece face up cannot be taken back.
    irreversible: &'static str,
}

static WORDS: Words<DarkChessWords> = Words {
    zh_hant: DarkChessWords {
        face_down: "蓋著的棋子",
        piece: |side, _kind, glyph| format!("{side}{glyph}"),
        seed: |seed| format!("洗牌編號 {seed}"),
        house_rules: |rules| {
            if rules.is_empty() {
                "標準規則，無自訂規則".to_owned()
            } else {
                format!("自訂規則：{}", rules.join("、"))
            }
        },
        taken_from: |side| format!("{side}被吃"),
        quiet_draw: |plies| format!("連續 {plies} 步無翻無吃"),
        chain_turn: "連吃的一連串吃子算一手：悔棋會整手收回。",
        flips: |side, square, piece| format!("{side} {square} 翻出 {piece}"),
        captures: |from, to| format!(" {from} 吃 {to}"),
        irreversible: "翻開的棋子不能再蓋回：翻棋無法悔棋。",
    },
    en: DarkChessWords {
        face_down: "face-down piece",
        piece: |side, kind, glyph| format!("{side} {kind} {glyph}"),
        seed: |seed| format!("Shuffle no. {seed}"),
        house_rules: |rules| {
            if rules.is_empty() {
                "Standard rules, no house rules".to_owned()
            } else {
                format!("House rules: {}", rules.join(", "))
            }
        },
        taken_from: |side| format!("Taken from {side}"),
        quiet_draw: |plies| format!("{plies} plies without a flip or capture"),
        chain_turn: "A chain of captures is one turn: Undo takes it back whole.",
        flips: |side, square, piece| format!("{side} flips {square}: {piece}"),
        captures: |from, to| format!("{from} takes {to}"),
        irreversible: "A flipped piece stays face up: a flip cannot be taken back.",
    },
};
