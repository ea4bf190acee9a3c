//! Builds dark chess's endgame tables of face-up pieces for a few materials of three and four
//! pieces, under the default rules and with chain capture and the chariot's rush, and prints
//! for each: the materials built (itself and the smaller ones its captures reach), their bytes,
//! the time, how its positions divide into wins, draws and losses, and the longest win; then
//! probes per second over random placements.
//!
//! usage: cargo run --release --example dark_tables

use board_suite::engine::dark_chess::Position;
use board_suite::engine::dark_chess::tables::{Exact, Tables};
use board_suite::rules::dark_chess::{Cell, Colour, Config, DarkChess, Piece, Rank};
use board_suite::rules::{Game, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

/// A random placement of `material` with a random side to move, if the game is not over.
fn placement(config: &Config, material: &[Piece], rng: &mut SmallRng) -> Option<Position> {
    let mut board = [Cell::Empty; 32];
    for &piece in material {
        let square = loop {
            let square = rng.random_range(0..32usize);
            if board[square] == Cell::Empty {
                break square;
            }
        };
        board[square] = Cell::FaceUp(piece);
    }
    let to_move = if rng.random_bool(0.5) { Player::First } else { Player::Second };
    let game = DarkChess::from_setup(config.clone(), board, Some(Colour::Red), to_move).ok()?;
    game.outcome().is_none().then(|| Position::from_view(&game.view()))
}

fn main() {
    let red = |rank| Piece { colour: Colour::Red, rank };
    let black = |rank| Piece { colour: Colour::Black, rank };
    let materials = [
        vec![red(Rank::Horse), red(Rank::Soldier), black(Rank::Cannon)],
        vec![red(Rank::Chariot), red(Rank::Cannon), black(Rank::Horse), black(Rank::Soldier)],
        vec![red(Rank::General), red(Rank::Elephant), black(Rank::Advisor), black(Rank::Soldier)],
        vec![red(Rank::Cannon), red(Rank::Cannon), black(Rank::Soldier), black(Rank::Soldier)],
    ];
    let rules = [
        ("default", Config::default()),
        (
            "chain capture, chariot rush",
            Config { chain_capture: true, chariot_rush: true, ..Config::default() },
        ),
    ];
    let mut rng = SmallRng::seed_from_u64(1);
    for (name, config) in &rules {
        println!("rules: {name}");
        for material in &materials {
            let mut tables = Tables::new(config);
            let Some(position) =
                std::iter::repeat_with(|| placement(config, material, &mut rng)).flatten().next()
            else {
                continue;
            };
            let start = Instant::now();
            tables.probe(&position);
            let built = start.elapsed();
            let (count, bytes) = tables.size();
            // How the material's positions divide, over random placements.
            let (mut wins, mut draws, mut losses, mut longest) = (0, 0, 0, 0);
            let mut probed = Vec::new();
            while probed.len() < 100_000 {
                if let Some(position) = placement(config, material, &mut rng) {
                    probed.push(position);
                }
            }
            let start = Instant::now();
            for position in &probed {
                match tables.probe(position) {
                    Some(Exact::Win(plies)) => {
                        wins += 1;
                        longest = longest.max(plies);
                    }
                    Some(Exact::Loss(_)) => losses += 1,
                    _ => draws += 1,
                }
            }
            let per_second = probed.len() as f64 / start.elapsed().as_secs_f64();
            let names: Vec<String> =
                material.iter().map(|p| format!("{:?} {:?}", p.colour, p.rank)).collect();
            println!(
                "  {}: {count} tables, {:.1} MB, built in {:.0} ms; of 100,000 placements {wins} won, {draws} drawn, \
                 {losses} lost for the side to move (longest win {longest} plies); {:.1} M probes/s",
                names.join(", "),
                bytes as f64 / 1e6,
                built.as_secs_f64() * 1e3,
                per_second / 1e6
            );
        }
    }
}
