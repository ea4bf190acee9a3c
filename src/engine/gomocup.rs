//! The Gomocup protocol (Piskvork's "new protocol"), so that Piskvork, the Gomocup tournament
//! tools and c-gomoku-cli can play the gomoku engine: `engine --gomocup`, or the program under
//! a `pbrain-*` name. A manager writes one command a line and the brain answers:
//!
//! - `START 15` (or `RECTSTART 15,15`) → `OK`; our rules have 15x15 boards only, so any other
//!   size gets `ERROR`. `RESTART` → `OK`, an empty board under the same rules and limits.
//! - `INFO key value`, no answer: `timeout_turn`, `timeout_match`, `time_left` (milliseconds:
//!   a turn of 0 is as fast as possible, a match of 0 and 2147483647 left have no limit) and
//!   `rule`, a sum of 1 = exactly five, 2 = continuous game, 4 = renju, 8 = caro. Freestyle (0), standard (1) and
//!   renju (4, black moving first) are played; the others get `ERROR`, as does a bad number.
//!   Other keys are ignored, as the protocol asks.
//! - `BEGIN`, `TURN x,y` (the opponent's stone), and `BOARD`, then `x,y,field` lines (1 = ours,
//!   2 = the opponent's) and `DONE`: the brain answers its move, `x,y`, 0-based from the top
//!   left, after a `MESSAGE` line saying what its search saw.
//! - `PLAY x,y` places our own stone (the answer repeats it), `TAKEBACK x,y` takes back the
//!   last stone (`OK`), `ABOUT` names the brain, `END` ends the program.
//!
//! Bad input gets one line, `ERROR` and why (`UNKNOWN` for a command the protocol does not
//! have), and the brain goes on.

use super::gomoku::GomokuEngine;
use super::{Engine, Go, LEVELS, default_movetime};
use crate::rules::gomoku::{Config, Gomoku, Move, Point, RuleSet, SIZE, coordinates, point_at, point_name};
use crate::rules::{Game, Illegal};
use std::io::{BufRead, Write};

/// `time_left` when the match has no time limit.
const UNLIMITED: i64 = 2_147_483_647;

/// Whether a brain is still in the game or was told to end.
pub enum Step {
    Lines(Vec<String>),
    End,
}

/// The time limits as the manager gave them, in milliseconds.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// For each move; `None` until given.
    pub turn: Option<u64>,
    /// For the whole game, 0 for none.
    pub game: u64,
    /// What is left of the game's time, `None` without a limit: as the manager last said, less
    /// what the brain has used since.
    pub left: Option<i64>,
}

impl Limits {
    /// How long to think for the next move: the time for a move, or a share of what is left
    /// of the game's, whichever is less, kept clear of the limit for the answer's way back
    /// and a search's last steps.
    pub fn movetime(&self) -> u64 {
        let turn = match self.turn {
            None => default_movetime(LEVELS),
            // As fast as possible: one quick look rather than none.
            Some(0) => FASTEST,
            Some(turn) => within(turn),
        };
        let game = self.left.map_or(u64::MAX, |left| within(left.max(0) as u64) / SHARE);
        turn.min(game).max(FASTEST)
    }

    /// Counts `used` milliseconds against the game's time.
    fn spend(&mut self, used: u64) {
        if let Some(left) = &mut self.left {
            *left = left.saturating_sub(used as i64);
        }
    }

    /// A new game's clock.
    fn restart(&mut self) {
        self.left = (self.game > 0).then_some(self.game as i64);
    }
}

/// The least time a move is given, in milliseconds.
const FASTEST: u64 = 5;
/// The game's time left is spread over this many moves, each taking its part of what is left.
const SHARE: u64 = 20;

/// A limit less the safety margin: 5% and 50 ms. A search stops within a few milliseconds of
/// its time (it looks at the clock every thousand positions), later on a loaded machine.
fn within(limit: u64) -> u64 {
    limit.saturating_sub(limit / 20 + 50)
}

/// A `BOARD` block being read: each side's stones in the order given, and the first bad line.
#[derive(Default)]
struct Block {
    own: Vec<Point>,
    opponent: Vec<Point>,
    bad: Option<String>,
}

/// One game as the manager sees it, and the engine that plays it.
pub struct Brain {
    /// Whether `START` has set up a board.
    started: bool,
    rules: RuleSet,
    /// The stones in the order played, black's first.
    moves: Vec<Point>,
    game: Gomoku,
    engine: GomokuEngine,
    pub limits: Limits,
    block: Option<Block>,
}

impl Default for Brain {
    fn default() -> Self {
        let rules = RuleSet::Freestyle;
        Brain {
            started: false,
            rules,
            moves: Vec::new(),
            game: Gomoku::new(&Config { rules }),
            engine: GomokuEngine::new(Config { rules }),
            limits: Limits::default(),
            block: None,
        }
    }
}

impl Brain {
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The answer to one line from the manager. `now` is a clock in milliseconds.
    pub fn answer(&mut self, line: &str, now: &dyn Fn() -> f64) -> Step {
        let line = line.trim();
        let arrived = now();
        // A manager that gives up on a block may still end the brain.
        if self.block.is_some() && !line.eq_ignore_ascii_case("END") {
            return Step::Lines(self.board_line(line, now, arrived));
        }
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let command = command.to_ascii_uppercase();
        let answer = match command.as_str() {
            "" => Ok(Vec::new()),
            "END" => return Step::End,
            "ABOUT" => Ok(vec![format!(
                "name=\"board-suite gomoku\", version=\"{}\", author=\"board-suite maintainers\"",
                env!("CARGO_PKG_VERSION")
            )]),
            "START" => {
                let size = rest.parse().ok();
                self.start(size, size)
            }
            "RECTSTART" => {
                let sides = rest.split_once(',').map(|(w, h)| (w.trim().parse().ok(), h.trim().parse().ok()));
                let (width, height) = sides.unwrap_or((None, None));
                self.start(width, height)
            }
            "INFO" => self.info(rest).map(|()| Vec::new()),
            "RESTART" | "BEGIN" | "TURN" | "PLAY" | "TAKEBACK" | "BOARD" if !self.started => {
                Err(format!("no board yet: START {SIZE} first"))
            }
            "RESTART" => {
                self.restart();
                Ok(vec!["OK".to_owned()])
            }
            "BEGIN" if !self.moves.is_empty() => {
                Err("BEGIN on a board with stones: RESTART first".to_owned())
            }
            "BEGIN" => self.think(now, arrived),
            "TURN" => point(rest).and_then(|p| self.place(p)).and_then(|()| self.think(now, arrived)),
            "PLAY" => point(rest).and_then(|p| self.place(p).map(|()| vec![name(p)])),
            "TAKEBACK" => point(rest).and_then(|p| self.take_back(p)).map(|()| vec!["OK".to_owned()]),
            "BOARD" => {
                self.block = Some(Block::default());
                Ok(Vec::new())
            }
            "SWAP2BOARD" => Err("swap2 openings are not supported".to_owned()),
            _ => return Step::Lines(vec![format!("UNKNOWN command {}", short(&command))]),
        };
        Step::Lines(answer.unwrap_or_else(|why| vec![format!("ERROR {why}")]))
    }

    fn start(&mut self, width: Option<usize>, height: Option<usize>) -> Result<Vec<String>, String> {
        match (width, height) {
            (Some(SIZE), Some(SIZE)) => {
                self.started = true;
                self.restart();
                Ok(vec!["OK".to_owned()])
            }
            (Some(width), Some(height)) => {
                Err(format!("unsupported size {width}x{height}: the rules are played on {SIZE}x{SIZE}"))
            }
            _ => Err(format!("START needs the board's size ({SIZE})")),
        }
    }

    fn restart(&mut self) {
        self.moves.clear();
        self.game = Gomoku::new(&Config { rules: self.rules });
        self.limits.restart();
    }

    fn info(&mut self, rest: &str) -> Result<(), String> {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let key = key.to_ascii_lowercase();
        let number = || value.trim().parse::<i64>().map_err(|_| format!("INFO {key} needs a whole number"));
        let milliseconds =
            || number().and_then(|n| u64::try_from(n).map_err(|_| format!("INFO {key} is negative")));
        match key.as_str() {
            "timeout_turn" => self.limits.turn = Some(milliseconds()?),
            "timeout_match" => {
                self.limits.game = milliseconds()?;
                self.limits.restart();
            }
            "time_left" => self.limits.left = Some(number()?).filter(|&left| left != UNLIMITED),
            "rule" => self.set_rules(rules_of(number()?)?)?,
            // max_memory, game_type, folder, evaluate and any others: nothing to do.
            _ => {}
        }
        Ok(())
    }

    /// Plays on under `rules`, the stones replayed under them.
    fn set_rules(&mut self, rules: RuleSet) -> Result<(), String> {
        if rules != self.rules {
            self.game = replay(rules, &self.moves)?;
            self.rules = rules;
            self.engine = GomokuEngine::new(Config { rules });
        }
        Ok(())
    }

    /// Plays a stone for the player to move.
    fn place(&mut self, point: Point) -> Result<(), String> {
        self.game.play(Move::Place(point)).map_err(|why| refusal(point, why))?;
        self.moves.push(point);
        Ok(())
    }

    fn take_back(&mut self, point: Point) -> Result<(), String> {
        if self.moves.last() != Some(&point) {
            return Err(format!("{} is not the last stone played", name(point)));
        }
        self.moves.pop();
        self.game = replay(self.rules, &self.moves)?;
        Ok(())
    }

    /// A line of a `BOARD` block: a stone, or `DONE`, which sets the position and plays.
    fn board_line(&mut self, line: &str, now: &dyn Fn() -> f64, arrived: f64) -> Vec<String> {
        let Some(block) = self.block.as_mut() else { return Vec::new() };
        if line.is_empty() {
            return Vec::new();
        }
        if !line.eq_ignore_ascii_case("DONE") {
            let stone = line.rsplit_once(',').ok_or_else(|| "x,y,field or DONE expected".to_owned());
            let stone = stone.and_then(|(at, field)| Ok((point(at)?, field.trim())));
            match stone {
                Ok((at, "1")) => block.own.push(at),
                Ok((at, "2")) => block.opponent.push(at),
                Ok((_, "3")) => {
                    block.bad.get_or_insert_with(|| "field 3: continuous games are not supported".to_owned());
                }
                Ok((_, field)) => {
                    block
                        .bad
                        .get_or_insert_with(|| format!("field {field}: 1 (own) or 2 (opponent's) expected"));
                }
                Err(why) => {
                    block.bad.get_or_insert_with(|| format!("{}: {why}", short(line)));
                }
            }
            return Vec::new();
        }
        let block = self.block.take().unwrap_or_default();
        let set = match block.bad {
            Some(why) => Err(format!("BOARD not set: {why}")),
            None => self.set_board(&block.own, &block.opponent),
        };
        set.and_then(|()| self.think(now, arrived)).unwrap_or_else(|why| vec![format!("ERROR {why}")])
    }

    /// The position with our stones and the opponent's, we to move: black is whoever has as
    /// many stones as the other, and the stones are played alternately in the order given
    /// (a manager gives them in the order played).
    fn set_board(&mut self, own: &[Point], opponent: &[Point]) -> Result<(), String> {
        let (black, white) = match own.len() {
            n if n == opponent.len() => (own, opponent),
            n if n + 1 == opponent.len() => (opponent, own),
            n => {
                return Err(format!(
                    "BOARD not set: {n} own and {} opponent's stones, not a position with us to move",
                    opponent.len()
                ));
            }
        };
        let moves: Vec<Point> =
            (0..black.len()).flat_map(|i| [Some(black[i]), white.get(i).copied()]).flatten().collect();
        self.game = replay(self.rules, &moves).map_err(|why| format!("BOARD not set: {why}"))?;
        self.moves = moves;
        Ok(())
    }

    /// The engine's move for the player to move, within the time limits counted from the
    /// command's arrival at `arrived`: a `MESSAGE` line of what the search saw, then the move.
    fn think(&mut self, now: &dyn Fn() -> f64, arrived: f64) -> Result<Vec<String>, String> {
        if self.game.outcome().is_some() {
            return Err("the game is over".to_owned());
        }
        let names: Vec<String> = self.moves.iter().map(|&p| point_name(p)).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        self.engine.set_moves(&names).map_err(|e| e.to_string())?;
        let movetime = self.limits.movetime();
        // The time taken to set the position counts too: replays under renju take a few ms.
        let search = (movetime as f64 - (now() - arrived)).max(1.0) as u64;
        let go = Go { level: LEVELS, movetime: Some(search), depth: None, seed: 0 };
        let thought = self.engine.go(&go, now, &|| false, &mut |_| {});
        let used = (now() - arrived).max(0.0).round() as u64;
        self.limits.spend(used);
        let thought = thought.map_err(|e| e.to_string())?;
        let pv: Vec<String> = thought
            .pv
            .iter()
            .filter_map(|text| self.game.parse_move(text).ok())
            .map(|Move::Place(p)| name(p))
            .collect();
        let Some(Move::Place(point)) = self.game.parse_move(&thought.turn).ok() else {
            return Err(format!("the engine answered {}", thought.turn));
        };
        self.place(point)?;
        let message = format!(
            "MESSAGE depth {} score {} nodes {} time {used} of {movetime} ms pv {}",
            thought.depth,
            thought.score,
            thought.nodes,
            pv.join(" ")
        );
        Ok(vec![message, name(point)])
    }
}

/// The rule set of `INFO rule`'s sum of flags.
pub fn rules_of(flags: i64) -> Result<RuleSet, String> {
    match flags {
        _ if !(0..16).contains(&flags) => Err(format!("rule {flags}: 0 to 15 expected")),
        _ if flags & 2 != 0 => Err(format!("rule {flags}: continuous games are not supported")),
        _ if flags & 8 != 0 => Err(format!("rule {flags}: caro is not supported")),
        // Renju's own win: exactly five for black, five or more for white.
        _ if flags & 4 != 0 => Ok(RuleSet::Renju),
        1 => Ok(RuleSet::Standard),
        _ => Ok(RuleSet::Freestyle),
    }
}

/// A point as the protocol writes it: `x,y`, 0-based from the top left.
pub fn name(point: Point) -> String {
    let (x, y) = coordinates(point);
    format!("{x},{y}")
}

/// A point read from `x,y`.
fn point(text: &str) -> Result<Point, String> {
    let bad = || format!("bad coordinates {:?}: x,y from 0 to {} expected", short(text), SIZE - 1);
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let coordinate = |c: &str| c.trim().parse::<usize>().ok().filter(|&c| c < SIZE);
    match (coordinate(x), coordinate(y)) {
        (Some(x), Some(y)) => Ok(point_at(x, y)),
        _ => Err(bad()),
    }
}

/// At most the first 40 characters of some input, to say what was wrong with it.
fn short(text: &str) -> String {
    text.chars().take(40).collect()
}

/// Why the rules refuse a stone on `point`, in words.
fn refusal(point: Point, why: Illegal) -> String {
    let at = name(point);
    match why {
        Illegal::GameOver => format!("{at}: the game is over"),
        Illegal::Occupied => format!("{at} is taken"),
        Illegal::Forbidden => format!("{at} is forbidden to black under renju"),
        _ => format!("{at} is not allowed"),
    }
}

/// The game after `moves`, black's first, under `rules`.
fn replay(rules: RuleSet, moves: &[Point]) -> Result<Gomoku, String> {
    let mut game = Gomoku::new(&Config { rules });
    for &point in moves {
        game.play(Move::Place(point)).map_err(|why| refusal(point, why))?;
    }
    Ok(game)
}

/// Speaks the protocol on `input` and `output` until `END` or the input ends. Bytes, not
/// text: a line that is not UTF-8 is a bad command like any other.
pub fn serve(mut input: impl BufRead, output: &mut impl Write, now: &dyn Fn() -> f64) {
    let mut brain = Brain::default();
    let mut bytes = Vec::new();
    while input.read_until(b'\n', &mut bytes).is_ok_and(|read| read > 0) {
        let line = String::from_utf8_lossy(&bytes).into_owned();
        bytes.clear();
        let Step::Lines(lines) = brain.answer(&line, now) else { break };
        for line in lines {
            let _ = writeln!(output, "{line}");
        }
        // A manager waits for each answer: it must not sit in a buffer.
        let _ = output.flush();
    }
}
