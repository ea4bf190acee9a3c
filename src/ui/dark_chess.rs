//! Dark chess on the shared board: click a face-down piece to flip it; click or drag one of
//! your face-up pieces to a hinted square to move or capture.

use super::board::{BoardAction, BoardView, CellView, Hint, Piece, Target};
use super::game::UiGame;
use super::screen::{Command, Setting, SettingValue, Tray};
use crate::i18n::Text;
use crate::route::GameId;
use crate::rules::dark_chess::{
    COLUMNS, Cell, Colour, Config, DarkChess, Move, ROWS, Rank, coordinates, square_at, square_name,
};
use crate::rules::{Game, Outcome, Player};

/// The draw limits offered, in plies without a flip or capture.
const QUIET_LIMITS: [u32; 4] = [40, 60, 80, 100];

fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "red",
        Colour::Black => "black",
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
    Piece { owner: colour_name(colour), kind: kind(rank), glyph: glyph(colour, rank), face_down: false }
}

impl UiGame for DarkChess {
    const ID: GameId = GameId::DarkChess;

    /// The player's colour once the first flip has decided it; `first`/`second` before.
    fn side(&self, player: Player) -> &'static str {
        match (self.colour(player), player) {
            (Some(colour), _) => colour_name(colour),
            (None, Player::First) => "first",
            (None, Player::Second) => "second",
        }
    }

    fn view(&self, moves: &[Move], _turn: &[Move], _path: &[Move], text: &Text) -> BoardView {
        let touched = match moves.last() {
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
                    Cell::FaceDown(_) => (Some(Piece::face_down()), text.face_down.to_owned()),
                    Cell::FaceUp(p) => {
                        let name = (text.dark_piece)(
                            (text.side)(colour_name(p.colour)),
                            kind(p.rank),
                            glyph(p.colour, p.rank),
                        );
                        (Some(face_up(p.colour, p.rank)), name)
                    }
                };
                cells.push(CellView {
                    piece,
                    label: format!("{}: {content}", square_name(at)),
                    last: touched.contains(&at),
                    highlight: self.chain() == Some(at),
                    mark: None,
                    number: None,
                });
            }
        }
        let mut moves = Vec::new();
        let mut targets = Vec::new();
        for mv in self.legal_moves() {
            match mv {
                Move::Flip(at) => targets.push(Target { cell: coordinates(at), lands: coordinates(at) }),
                Move::Go { from, to } => {
                    let hint = if self.cell(to) == Cell::Empty { Hint::Move } else { Hint::Capture };
                    moves.push((coordinates(from), coordinates(to), hint));
                }
                Move::EndChain => {}
            }
        }
        BoardView {
            columns: COLUMNS,
            rows: ROWS,
            cells,
            moves,
            targets,
            hand: None,
            forced: None,
            compelled: Vec::new(),
            path: Vec::new(),
            label: text.dark_chess.to_owned(),
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

    fn ending(&self, text: &Text) -> String {
        match self.outcome() {
            Some(Outcome::Win(winner)) => {
                let loser = winner.opponent();
                let ending = if self.has_pieces(loser) { text.cannot_move } else { text.no_pieces_left };
                ending((text.side)(self.side(loser)))
            }
            Some(Outcome::Draw) => (text.quiet_draw)(self.quiet_plies()),
            None => String::new(),
        }
    }

    fn seed(config: &Config) -> Option<u64> {
        Some(config.seed)
    }

    fn reseed(config: &Config, seed: u64) -> Config {
        Config { seed, ..config.clone() }
    }

    fn settings(config: &Config, text: &Text) -> Vec<Setting> {
        let toggle = |name, label, on| Setting { name, label, value: SettingValue::Toggle(on) };
        let options = QUIET_LIMITS.iter().map(u32::to_string).collect();
        let chosen = QUIET_LIMITS.iter().position(|&n| n == config.quiet_limit).unwrap_or(1);
        vec![
            toggle("chain-capture", text.chain_capture, config.chain_capture),
            toggle("chariot-rush", text.chariot_rush, config.chariot_rush),
            toggle("blind-capture", text.blind_capture, config.blind_capture),
            Setting {
                name: "quiet-limit",
                label: text.quiet_limit,
                value: SettingValue::Choice { options, chosen },
            },
        ]
    }

    fn choose(config: &Config, setting: &str, choice: usize) -> Config {
        let on = choice == 1;
        let mut config = config.clone();
        match setting {
            "chain-capture" => config.chain_capture = on,
            "chariot-rush" => config.chariot_rush = on,
            "blind-capture" => config.blind_capture = on,
            "quiet-limit" => {
                config.quiet_limit = QUIET_LIMITS.get(choice).copied().unwrap_or(config.quiet_limit)
            }
            _ => {}
        }
        config
    }

    fn info(&self, text: &Text) -> Vec<String> {
        let config = self.config();
        let house_rules: Vec<&str> = [
            (config.chain_capture, text.chain_capture),
            (config.chariot_rush, text.chariot_rush),
            (config.blind_capture, text.blind_capture),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect();
        let mut info = vec![(text.seed)(config.seed), (text.house_rules)(&house_rules)];
        if config.chain_capture {
            info.push(text.chain_turn.to_owned());
        }
        info
    }

    /// Each side's captured pieces, strongest first.
    fn trays(&self, text: &Text) -> Vec<Tray> {
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
                    side: colour_name(colour),
                    label: (text.taken_from)((text.side)(colour_name(colour))),
                    pieces,
                }
            })
            .collect()
    }

    fn commands(&self, text: &Text) -> Vec<(Command, Move)> {
        match self.chain() {
            Some(_) => vec![(Command { name: "end-chain", label: text.end_chain }, Move::EndChain)],
            None => Vec::new(),
        }
    }
}
