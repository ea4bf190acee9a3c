//! Times the Connect Four solver on Pascal Pons' test sets and checks every score.
//!
//! `cargo run --release --example connect_four_bench -- [--sample N] [--fresh] [--slots N] [FILE...]`
//!
//! With no files, it solves the six sets in `tests/data/connect4` (the first N positions of
//! each with `--sample N`, all otherwise); with files (lines `<moves> <score>`, columns 1-7),
//! it times those instead, each file as a set named after it. One solver per set, its table
//! kept between the set's positions; with `--fresh`, the table is cleared before each position
//! (untimed), as in Pons' published figures, which are per position from an empty table.
//! `--slots N`: a main table of about N entries instead of the engine's.
//! Exits non-zero if any score differs from the file's.

use board_suite::engine::connect_four::{Position, Solver};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

const SETS: [&str; 6] = ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"];

fn main() -> ExitCode {
    let mut sample = usize::MAX;
    let mut fresh = false;
    let mut slots = None;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--sample" {
            match args.next().and_then(|n| n.parse().ok()) {
                Some(n) => sample = n,
                None => return usage(),
            }
        } else if arg == "--slots" {
            match args.next().and_then(|n| n.parse().ok()) {
                Some(n) => slots = Some(n),
                None => return usage(),
            }
        } else if arg == "--fresh" {
            fresh = true;
        } else if arg.starts_with('-') {
            return usage();
        } else {
            files.push(PathBuf::from(arg));
        }
    }
    if files.is_empty() {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/connect4");
        files = SETS.iter().map(|set| data.join(set)).collect();
    }

    println!(
        "{:<12} {:>9} {:>12} {:>14} {:>14} {:>10}",
        "set", "positions", "ms/position", "nodes", "nodes/position", "M nodes/s"
    );
    let mut mismatches = 0;
    for file in &files {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                return ExitCode::FAILURE;
            }
        };
        let set = file.file_name().map_or_else(String::new, |name| name.to_string_lossy().into_owned());
        let mut solver = slots.map_or_else(Solver::default, Solver::with_slots);
        // The table's memory taken now, not in the first positions' times.
        solver.clear();
        let mut elapsed = Duration::ZERO;
        let mut count = 0;
        for line in text.lines().filter(|line| !line.trim().is_empty()).take(sample) {
            let Some((moves, expected)) =
                line.split_once(' ').and_then(|(m, s)| Some((m, s.trim().parse::<i32>().ok()?)))
            else {
                eprintln!("{set}: `{line}` is not `<moves> <score>`");
                return ExitCode::FAILURE;
            };
            let Some(position) = Position::from_columns(moves) else {
                eprintln!("{set}: {moves} is not a game");
                return ExitCode::FAILURE;
            };
            if fresh {
                solver.clear();
            }
            let start = Instant::now();
            let score: i32 = solver.solve(&position);
            elapsed += start.elapsed();
            count += 1;
            if score != expected {
                eprintln!("{set}: {moves} scored {score}, the file says {expected}");
                mismatches += 1;
            }
        }
        let seconds = elapsed.as_secs_f64();
        println!(
            "{set:<12} {count:>9} {:>12.4} {:>14} {:>14.1} {:>10.2}",
            seconds * 1000.0 / count.max(1) as f64,
            solver.nodes,
            solver.nodes as f64 / count.max(1) as f64,
            solver.nodes as f64 / seconds.max(1e-9) / 1e6
        );
    }
    if mismatches > 0 {
        eprintln!("{mismatches} scores differ from the files'");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: connect_four_bench [--sample N] [--fresh] [--slots N] [FILE...]");
    ExitCode::FAILURE
}
