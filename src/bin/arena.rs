//! Engines against each other, through the same text interface as the page's worker: each is
//! told the turns so far as the move list writes them, so the dark-chess engine knows only
//! what was shown. The real game is kept here, by the rules.
//!
//! `cargo run --release --bin arena -- [game|all] [games per pair] [top level's ms]`: the level
//! ladder, each level against the one below, sides alternating (every game, 20 games a pair,
//! the top level's own time by default). The other levels search their node budgets. A game
//! name it does not know is an error. Draws are counted by their reason (the record's
//! `Termination`, or `unfinished` after 400 turns), with the better side's material lead
//! where it was ahead.
//!
//! `cargo run --release --bin arena -- match <game> [games] [ms] [options]`: the top level at
//! `ms` per move (1000 by default) against the game's reference opponent (`engine::reference`),
//! from the match's starts, each start played twice with the sides swapped. Options:
//! `--from N` starts from the match's `N`th start (fresh deals); `--against PROGRAM` plays
//! another build's `engine` program at the same time a move, through its text interface,
//! instead of the reference; `--moves` prints each game's turns as it ends.

use board_suite::engine::{Engine, EngineError, Engines, Go, LEVELS, default_movetime};
use board_suite::games::GameId;
use board_suite::rules::{History, Outcome, Player, Termination, parse_turn, read_announced};
use board_suite::with_game;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

/// Turns after which an unfinished game counts as a draw.
const LONGEST: usize = 400;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Side {
    Level(u8),
    Reference,
    /// The program named by `--against`.
    Program,
}

/// How a run is played, from the command line.
struct Options {
    games: u64,
    /// The top level's time a move, and the program's.
    movetime: u64,
    /// The first start played.
    from: u64,
    program: Option<String>,
    moves: bool,
}

/// Another build's `engine` program, spoken to through its text interface (docs/engines.md).
struct Program {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Program {
    fn start(path: &str, game: &str, config: &str) -> Result<Program, String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{path}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut program = Program { child, input, output };
        program.say(&format!("new {game} {config}"))?;
        Ok(program)
    }

    fn say(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}").and_then(|()| self.input.flush()).map_err(|e| e.to_string())
    }

    /// Searches the position after `turns` for `movetime` ms: the turn it plays.
    fn best(&mut self, turns: &[&str], movetime: u64, seed: u64) -> Result<String, String> {
        // `moves` answers only when refused, so its refusal comes before `go`'s lines.
        self.say(&format!("moves {}", turns.join(" ")))?;
        self.say(&format!("go movetime {movetime} seed {seed}"))?;
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Err("the program stopped".to_owned());
            }
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => return words.next().map(str::to_owned).ok_or(line.clone()),
                Some("error" | "result") => return Err(line.trim().to_owned()),
                _ => {}
            }
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        let _ = self.say("quit");
        let _ = self.child.wait();
    }
}

/// Who sits at a side: one of this build's engines, or the program.
enum Seat {
    Engine(Box<dyn Engine>),
    Program(Program),
}

/// How one game went: its outcome and why (`None`: stopped after [`LONGEST`] turns), each
/// player's material lead at the end where the game counts material, and the slowest and
/// total time of each side's moves.
struct Played {
    outcome: Outcome,
    termination: Option<Termination>,
    lead: [Option<i32>; 2],
    slowest_ms: [f64; 2],
    total_ms: [f64; 2],
    moves: [u32; 2],
    /// The turns as the move list writes them.
    turns: Vec<String>,
}

/// One game between two sides from the `pair`th start; `movetime` is the top level's and the
/// program's.
fn play<G: Engines>(
    pair: u64,
    sides: [Side; 2],
    seed: u64,
    movetime: u64,
    program: Option<&str>,
) -> Result<Played, String> {
    let (config, opening) = G::match_start(pair);
    let config: G::Config = match &config {
        Some(json) => serde_json::from_str(json).map_err(|e| format!("start {pair}: {e}"))?,
        None => Default::default(),
    };
    let json = serde_json::to_string(&config).map_err(|e| e.to_string())?;
    let mut history = History::<G>::new(&config);
    let mut turns: Vec<String> = Vec::new();
    for turn in &opening {
        let legs =
            parse_turn(history.current(), turn).map_err(|_| format!("start {pair}: {turn} is illegal"))?;
        for leg in legs {
            history.play(leg).map_err(|_| format!("start {pair}: {turn} is illegal"))?;
        }
        turns.push(turn.clone());
    }
    let make = |side: Side| -> Result<Seat, String> {
        let engine = match side {
            Side::Level(_) => G::engine(Some(&json)),
            Side::Reference => {
                G::reference(Some(&json)).unwrap_or_else(|| Err(EngineError::UnknownGame(G::SLUG.to_owned())))
            }
            Side::Program => {
                let path = program.ok_or("no program named")?;
                return Program::start(path, G::SLUG, &json).map(Seat::Program);
            }
        };
        engine.map(Seat::Engine).map_err(|e| e.to_string())
    };
    let mut seats = [make(sides[0])?, make(sides[1])?];
    let mut played = Played {
        outcome: Outcome::Draw,
        termination: None,
        lead: [None; 2],
        slowest_ms: [0.0; 2],
        total_ms: [0.0; 2],
        moves: [0; 2],
        turns: Vec::new(),
    };
    let clock = Instant::now();
    let now = || clock.elapsed().as_secs_f64() * 1000.0;
    while history.outcome().is_none() && turns.len() < LONGEST {
        let game = history.current().clone();
        let side = usize::from(game.to_move() == Player::Second);
        let said: Vec<&str> = turns.iter().map(String::as_str).collect();
        let seed = seed ^ turns.len() as u64;
        let started = now();
        let turn = match &mut seats[side] {
            Seat::Engine(engine) => {
                engine.set_moves(&said).map_err(|e| e.to_string())?;
                let level = match sides[side] {
                    Side::Level(level) => level,
                    _ => LEVELS,
                };
                let movetime = (sides[side] == Side::Level(LEVELS)).then_some(movetime);
                let go = Go { level, movetime, depth: None, seed };
                engine.go(&go, &now, &|| false, &mut |_| {}).map_err(|e| e.to_string())?.turn
            }
            Seat::Program(program) => program.best(&said, movetime, seed)?,
        };
        let took = now() - started;
        played.slowest_ms[side] = played.slowest_ms[side].max(took);
        played.total_ms[side] += took;
        played.moves[side] += 1;
        let legs =
            read_announced(&game, &turn).map_err(|_| format!("{:?} played {turn}, illegal", sides[side]))?;
        turns.push(game.turn_notation(&legs));
        for leg in legs {
            history.play(leg).map_err(|_| format!("{:?} played {turn}, illegal", sides[side]))?;
        }
    }
    played.outcome = history.outcome().unwrap_or(Outcome::Draw);
    played.termination = history.termination();
    played.lead = [Player::First, Player::Second].map(|player| history.current().material_lead(player));
    played.turns = turns;
    Ok(played)
}

/// `games` games of `better` against `worse`, sides alternating and each start played twice;
/// prints `better`'s score and its slowest move.
fn contest<G: Engines>(better: Side, worse: Side, options: &Options) {
    let name = G::SLUG;
    let Options { games, movetime, from, .. } = *options;
    let name_of = |side: Side| match side {
        Side::Level(level) => format!("level {level}"),
        Side::Reference => "the reference".to_owned(),
        Side::Program => options.program.clone().unwrap_or_default(),
    };
    let started = Instant::now();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    // Draws by their reason, each with `better`'s material leads where it was ahead.
    let mut draws_by: Vec<(&str, u32, Vec<i32>)> = Vec::new();
    let (mut slowest, mut total, mut moves) = (0.0_f64, 0.0, 0);
    for game in 0..games {
        let better_first = game % 2 == 0;
        let sides = if better_first { [better, worse] } else { [worse, better] };
        let mine = usize::from(!better_first);
        let pair = from + game / 2;
        match play::<G>(pair, sides, game * 7919 + 1, movetime, options.program.as_deref()) {
            Ok(played) => {
                let me = if better_first { Player::First } else { Player::Second };
                if options.moves {
                    let result = match played.outcome {
                        Outcome::Win(p) if p == me => "won",
                        Outcome::Win(_) => "lost",
                        Outcome::Draw => "drawn",
                    };
                    let why = played.termination.map_or("unfinished", Termination::name);
                    let first = if better_first { "first" } else { "second" };
                    println!(
                        "{name}: start {pair}, {} {first}: {result} ({why}): {}",
                        name_of(better),
                        played.turns.join(" ")
                    );
                }
                match played.outcome {
                    Outcome::Win(p) if p == me => wins += 1,
                    Outcome::Win(_) => losses += 1,
                    Outcome::Draw => {
                        draws += 1;
                        let reason = played.termination.map_or("unfinished", Termination::name);
                        let at = match draws_by.iter().position(|(r, _, _)| *r == reason) {
                            Some(at) => at,
                            None => {
                                draws_by.push((reason, 0, Vec::new()));
                                draws_by.len() - 1
                            }
                        };
                        draws_by[at].1 += 1;
                        draws_by[at].2.extend(played.lead[mine].filter(|&lead| lead > 0));
                    }
                }
                slowest = slowest.max(played.slowest_ms[mine]);
                total += played.total_ms[mine];
                moves += played.moves[mine];
            }
            Err(why) => eprintln!("{name}: game {game} could not be played: {why}"),
        }
    }
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / games as f64 * 100.0;
    println!(
        "{name}: {} v {}: +{wins} ={draws} -{losses} ({score:.0}%) in {:.1} s; {}'s moves {:.0} ms on average, slowest {slowest:.0} ms",
        name_of(better),
        name_of(worse),
        started.elapsed().as_secs_f64(),
        name_of(better),
        total / f64::from(moves.max(1)),
    );
    for (reason, count, ahead) in draws_by {
        let leads: Vec<String> = ahead.iter().map(|lead| format!("+{lead}")).collect();
        let ahead = if leads.is_empty() {
            String::new()
        } else {
            format!(", ahead in material: {}", leads.join(" "))
        };
        println!("{name}:   drawn by {reason}: {count}{ahead}");
    }
}

/// The match against the reference opponent (or the program), or the ladder of levels.
fn for_game<G: Engines>(against_reference: bool, options: &Options) {
    if against_reference {
        let other = if options.program.is_some() { Side::Program } else { Side::Reference };
        contest::<G>(Side::Level(LEVELS), other, options);
    } else {
        for level in 2..=LEVELS {
            contest::<G>(Side::Level(level), Side::Level(level - 1), options);
        }
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut options = Options { games: 20, movetime: 0, from: 0, program: None, moves: false };
    // The options, wherever they stand; the rest are the words in order.
    let mut words = Vec::new();
    let mut given = args.drain(..);
    while let Some(arg) = given.next() {
        match arg.as_str() {
            "--moves" => options.moves = true,
            "--from" | "--against" => {
                let Some(value) = given.next() else {
                    eprintln!("arena: {arg} needs a value");
                    std::process::exit(2);
                };
                if arg == "--against" {
                    options.program = Some(value);
                } else if let Ok(from) = value.parse() {
                    options.from = from;
                } else {
                    eprintln!("arena: --from needs a number, not {value}");
                    std::process::exit(2);
                }
            }
            _ => words.push(arg),
        }
    }
    let against_reference = words.first().is_some_and(|a| a == "match");
    if against_reference {
        words.remove(0);
    }
    let only = words.first().map(String::as_str).filter(|a| *a != "all");
    if let Some(name) = only
        && GameId::from_slug(name).is_none()
    {
        let known: Vec<&str> = GameId::ALL.iter().map(|g| g.slug()).collect();
        eprintln!("arena: unknown game {name} (one of: all {})", known.join(" "));
        std::process::exit(2);
    }
    options.games = words.get(1).and_then(|n| n.parse().ok()).unwrap_or(20);
    let default_ms = if against_reference { 1_000 } else { default_movetime(LEVELS) };
    options.movetime = words.get(2).and_then(|n| n.parse().ok()).unwrap_or(default_ms);
    for game in GameId::ALL {
        if only.is_some_and(|o| o != game.slug()) {
            continue;
        }
        with_game!(game, G => for_game::<G>(against_reference, &options));
    }
}
