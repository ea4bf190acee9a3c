//! The engine as a program: a line protocol on stdin and stdout (see docs/engines.md), so engines
//! can be tested, compared and used outside the page.

use board_suite::engine::{Engine, EngineError, Go, LEVELS, Thought, engine_for};
use std::io::{BufRead, Write};
use std::time::Instant;

/// One command's answer lines, or `None` to quit.
fn answer(engine: &mut Option<Box<dyn Engine>>, line: &str, out: &mut dyn FnMut(String)) -> Option<()> {
    let mut words = line.split_whitespace();
    let command = words.next().unwrap_or("");
    let result: Result<(), String> = match command {
        "" => Ok(()),
        "quit" => return None,
        "new" => {
            let game = words.next().unwrap_or("");
            // The rest of the line, spaces and all, is the config.
            let config =
                line.trim_start().trim_start_matches("new").trim_start().trim_start_matches(game).trim();
            engine_for(game, (!config.is_empty()).then_some(config))
                .map(|made| *engine = Some(made))
                .map_err(|e| e.to_string())
        }
        "start" | "moves" | "go" | "solve" => match engine.as_mut() {
            None => Err("no game: send `new <game>` first".to_owned()),
            Some(engine) => match command {
                // The rest of the line is the setup text (a FEN).
                "start" => {
                    engine.set_start(line.trim_start()["start".len()..].trim()).map_err(|e| e.to_string())
                }
                "moves" => engine.set_moves(&words.collect::<Vec<_>>()).map_err(|e| e.to_string()),
                "solve" => {
                    engine.solve().map(|score| out(format!("score {score}"))).map_err(|e| e.to_string())
                }
                _ => go(engine.as_mut(), words, out),
            },
        },
        other => Err(format!("unknown command {other}")),
    };
    if let Err(why) = result {
        out(format!("error {why}"));
    }
    Some(())
}

/// Reads `go`'s options and searches.
fn go<'a>(
    engine: &mut dyn Engine,
    mut words: impl Iterator<Item = &'a str>,
    out: &mut dyn FnMut(String),
) -> Result<(), String> {
    let mut go = Go::default();
    while let Some(option) = words.next() {
        let value = words.next().and_then(|v| v.parse::<u64>().ok());
        let value = value.ok_or_else(|| format!("go {option} needs a number"))?;
        match option {
            "level" if (1..=u64::from(LEVELS)).contains(&value) => go.level = value as u8,
            "level" => return Err(format!("level is 1 to {LEVELS}")),
            "movetime" => go.movetime = Some(value),
            "depth" if value >= 1 => go.depth = Some(value.min(64) as u32),
            "depth" => return Err("depth is 1 or more".to_owned()),
            "seed" => go.seed = value,
            _ => return Err(format!("unknown go option {option}")),
        }
    }
    let clock = Instant::now();
    let now = || clock.elapsed().as_secs_f64() * 1000.0;
    let mut last = None;
    let mut report = |thought: &Thought| {
        out(info(thought));
        last = Some(thought.clone());
    };
    let best = match engine.go(&go, &now, &|| false, &mut report) {
        Ok(best) => best,
        // A game the rules have ended is answered with its end, not searched.
        Err(EngineError::Ended { result, termination }) => {
            out(format!("result {result} {}", termination.name()));
            return Ok(());
        }
        Err(why) => return Err(why.to_string()),
    };
    // The last line says what is played, even when a search cut short chose otherwise.
    if last.as_ref() != Some(&best) {
        out(info(&best));
    }
    out(format!("bestmove {}", best.turn));
    Ok(())
}

/// A search's progress as an `info` line.
fn info(thought: &Thought) -> String {
    let exact = if thought.exact { " exact" } else { "" };
    format!(
        "info depth {} score {}{exact} nodes {} time {} pv {}",
        thought.depth,
        thought.score,
        thought.nodes,
        thought.time_ms,
        thought.pv.join(" ")
    )
}

fn main() {
    let stdout = std::io::stdout();
    // Gomoku's tournament protocol, asked for by the flag or by a Piskvork brain's name.
    let mut args = std::env::args();
    let program = args.next().unwrap_or_default();
    let stem = std::path::Path::new(&program).file_stem().map(|s| s.to_string_lossy().into_owned());
    if stem.is_some_and(|stem| stem.starts_with("pbrain-")) || args.any(|arg| arg == "--gomocup") {
        let clock = Instant::now();
        let now = || clock.elapsed().as_secs_f64() * 1000.0;
        return board_suite::engine::gomocup::serve(std::io::stdin().lock(), &mut stdout.lock(), &now);
    }
    let mut engine = None;
    let mut input = std::io::stdin().lock();
    let mut bytes = Vec::new();
    // Bytes, not text: a line that is not UTF-8 is a bad command like any other.
    while input.read_until(b'\n', &mut bytes).is_ok_and(|read| read > 0) {
        let line = String::from_utf8_lossy(&bytes).into_owned();
        bytes.clear();
        let mut lock = stdout.lock();
        let mut out = |text: String| {
            let _ = writeln!(lock, "{text}");
            let _ = lock.flush();
        };
        if answer(&mut engine, &line, &mut out).is_none() {
            break;
        }
    }
}
