//! A finished game's analysis, as lichess does it for chess: every position's score turned into
//! a chance of winning, each turn judged by how much of its player's chance it gave away, and
//! each player's accuracy. Connect Four's solved positions are judged by their exact value.
//!
//! **Chance.** A score on the one scale ([`Score`]) for the player to move becomes the chance
//! (0 to 100) that this player wins. An estimate follows the logistic curve
//! `100 / (1 + 3^(-value / lead))`, where `lead` is the game's [`Engines::LEAD`] (the advantage
//! with which the side ahead wins three games in four), held within 2.5 of certainty as
//! lichess holds its scores within ten pawns. A win seen or solved `plies` away is
//! `50 + 50 · 2^(-plies / reach)`, where `reach` is the game's [`Engines::REACH`]: the nearer,
//! the surer, so that winning later or losing sooner counts; a loss is the other side's win.
//! Both are measured on the engine's own games (`examples/chance_fit.rs`), as lichess fitted
//! its curve to players' games. The two players' chances add up to 100.
//!
//! **Judgement.** A turn's loss is the drop in its player's chance from the best play's (the
//! position before it, a decided end a ply nearer) to the position after it, nothing if its
//! result ranks with the best play's or above: 5 or more is an inaccuracy (`?!`), 10 a mistake (`?`), 15 a blunder (`??`):
//! lichess's thresholds (0.1, 0.2, 0.3 on its -1 to 1 scale). Where both positions are solved
//! (Connect Four), a win thrown away, or a draw thrown into a loss, is a blunder whatever the
//! distances.
//!
//! **Accuracy** (lichess's formula). A turn's accuracy is
//! `103.1668 · e^(-0.04354 · loss) - 3.1669 + 1`, between 0 and 100 (100 for no loss). A
//! player's accuracy is the mean of two means of their turns' accuracies: one weighted by how
//! much the chance was swinging around each turn (the standard deviation of the chances in a
//! window of the game, 2 to 8 positions wide, held between 0.5 and 12), and the harmonic mean.

use super::score::Score;
use super::{Engine, EngineError, Engines, Go};
use crate::games::GameId;
use crate::rules::Player;

/// What the analysis found in one position.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Found {
    /// For the player to move.
    pub score: Score,
    /// Proven (a solved position) rather than searched to a depth.
    pub exact: bool,
    /// The best turn and the turns expected to follow, as announced.
    pub pv: Vec<String>,
    /// Connect Four: each column's exact value for the player to move (see
    /// [`Engine::column_values`]); empty in the other games.
    pub columns: Vec<Option<Score>>,
}

/// Positions a column's solve may search in an analysis before its value is left unknown.
pub const COLUMN_BUDGET: u64 = 2_000_000;

/// The time the analysis gives each position's search, in milliseconds: a game of 40 turns in
/// well under 30 s.
pub const MOVETIME_MS: u64 = 300;

/// Analyses the position after `turns` (as the move list writes them) with `engine`, as `go`
/// asks. A position the rules have ended has no turn to find: `None`.
pub fn analyse(
    engine: &mut dyn Engine,
    turns: &[&str],
    go: &Go,
    now: &dyn Fn() -> f64,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Found>, EngineError> {
    engine.set_moves(turns)?;
    let thought = match searched(engine, go, now, stop) {
        Ok(thought) => thought,
        Err(EngineError::GameOver | EngineError::Ended { .. }) => return Ok(None),
        Err(error) => return Err(error),
    };
    let columns = engine.column_values(COLUMN_BUDGET).unwrap_or_default();
    let thought = past_forced(engine, turns, thought, go, now, stop)?;
    // A solved position's value is the best column's, whatever the search said.
    let best = columns.iter().flatten().copied().max_by_key(|&score| rank(score));
    let (score, exact) = match best {
        Some(best) if columns.iter().all(Option::is_some) || thought.exact => (best, true),
        _ => (thought.score, thought.exact),
    };
    Ok(Some(Found { score, exact, pv: thought.pv, columns }))
}

/// The engine's search of the position, its estimate evened out between its last two depths:
/// a search that ends on its own side's turn and one that ends on the other's see a position
/// differently (Five Tigers' placements swing by half a stone and more from one depth to the
/// next), and their mean judges a turn by the position rather than by the depth its time
/// happened to reach. A proven score, a win or loss seen, or a single depth stays as found.
fn searched(
    engine: &mut dyn Engine,
    go: &Go,
    now: &dyn Fn() -> f64,
    stop: &dyn Fn() -> bool,
) -> Result<super::Thought, EngineError> {
    let mut depths: Vec<Score> = Vec::new();
    let mut thought = engine.go(go, now, stop, &mut |progress| depths.push(progress.score))?;
    if let (false, [.., Score::Value(before), Score::Value(last)]) = (thought.exact, depths.as_slice())
        && thought.score == Score::Value(*last)
    {
        thought.score = Score::Value((before + last) / 2);
    }
    Ok(thought)
}

/// The most turns in a row with nothing to choose that the analysis looks past.
const FORCED_MOST: usize = 8;

/// A position with a single turn to play is not searched by every engine (the computer plays
/// it at once, scored as it stands: a capture that will be taken back looks like a piece won).
/// The analysis looks past such turns (`depth` 0, no proof) to a position with a choice, and
/// scores the position from there: the score turned back to the player to move here, the
/// forced turns first in the line.
fn past_forced(
    engine: &mut dyn Engine,
    turns: &[&str],
    mut thought: super::Thought,
    go: &Go,
    now: &dyn Fn() -> f64,
    stop: &dyn Fn() -> bool,
) -> Result<super::Thought, EngineError> {
    let mut forced: Vec<String> = Vec::new();
    while thought.depth == 0 && !thought.exact && forced.len() < FORCED_MOST {
        let Some(turn) = thought.pv.first().cloned() else { break };
        let next: Vec<&str> =
            turns.iter().copied().chain(forced.iter().map(String::as_str)).chain([turn.as_str()]).collect();
        // A turn the move list cannot name (a flip, announced without what it shows).
        if engine.set_moves(&next).is_err() {
            break;
        }
        match searched(engine, go, now, stop) {
            Ok(after) => {
                forced.push(turn);
                thought = after;
            }
            Err(EngineError::GameOver | EngineError::Ended { .. }) => break,
            Err(error) => return Err(error),
        }
    }
    if forced.is_empty() {
        return Ok(thought);
    }
    // Each forced turn passes the move: the score back to this position's player.
    if forced.len() % 2 == 1 {
        thought.score = flipped(thought.score);
    }
    forced.append(&mut thought.pv);
    thought.pv = forced;
    Ok(thought)
}

/// Scores in order of worth to their player: a loss later is better than sooner, a win sooner
/// better than later.
fn rank(score: Score) -> (i32, i64) {
    match score {
        Score::Loss(plies) => (0, i64::from(plies)),
        Score::Value(value) => (1, i64::from(value)),
        Score::Win(plies) => (2, -i64::from(plies)),
    }
}

/// A whole game's analysis: the first player's chance in each position, each turn's
/// judgement, and each player's accuracy (the first player's first).
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub chances: Vec<f64>,
    pub judgements: Vec<Option<Judgement>>,
    pub accuracy: [Option<f64>; 2],
}

/// Reviews a game from each position's finding (`positions[i]` after `i` turns, the player to
/// move `to_move[i]`; the last is the end, found or not) and who made each turn. A position
/// with no finding (the end) is worth what `end` says for its player to move: a loss for the
/// side that was mated, say, or a draw.
pub fn review(game: GameId, positions: &[Option<Found>], to_move: &[Player], end: Score) -> Review {
    let score = |i: usize| positions.get(i).and_then(|p| p.as_ref()).map_or(end, |found| found.score);
    let exact = |i: usize| positions.get(i).and_then(|p| p.as_ref()).is_none_or(|found| found.exact);
    // For `player`, the score of position `i`.
    let of = |i: usize, player: Player| if to_move[i] == player { score(i) } else { flipped(score(i)) };
    let count = positions.len().min(to_move.len());
    let scores: Vec<Score> = (0..count).map(|i| of(i, Player::First)).collect();
    let chances: Vec<f64> = scores.iter().map(|&score| win_chance(game, score)).collect();
    let turns = losses(game, &scores, &to_move[..count.saturating_sub(1)]);
    let judgements = (1..count)
        .zip(&turns)
        .map(|(i, &(mover, loss))| {
            let solved = exact(i - 1) && exact(i);
            let thrown = solved.then(|| Judgement::of_values(of(i - 1, mover), of(i, mover))).flatten();
            thrown.or_else(|| Judgement::of_loss(loss))
        })
        .collect();
    Review { accuracy: accuracy(&chances, &turns), chances, judgements }
}

/// The chance (0 to 100) that the player to move wins, in `game`, from its score.
pub fn win_chance(game: GameId, score: Score) -> f64 {
    fn scale_of<G: Engines>() -> (i32, u32) {
        (G::LEAD, G::REACH)
    }
    let (lead, reach) = with_game!(game, G => scale_of::<G>());
    chance(score, lead, reach)
}

/// ln 3, for 3^x as e^(x ln 3).
const LN_3: f64 = 1.098_612_288_668_109_8;

/// An estimate's chance stays within this of a certain result, as lichess holds its scores
/// within ten pawns: beyond, an estimate says no more than "won".
const CEILING: f64 = 97.5;

/// The chance curve for a game whose [`Engines::LEAD`] is `lead` and [`Engines::REACH`]
/// `reach`.
pub fn chance(score: Score, lead: i32, reach: u32) -> f64 {
    // 3^x as e^(x ln 3) and 2^x likewise: the page then carries `exp` alone.
    let won = |plies: u32| {
        50.0 + 50.0 * (-f64::from(plies) / f64::from(reach.max(1)) * std::f64::consts::LN_2).exp()
    };
    match score {
        Score::Win(plies) => won(plies),
        Score::Loss(plies) => 100.0 - won(plies),
        Score::Value(value) => (100.0 / (1.0 + (-f64::from(value) / f64::from(lead.max(1)) * LN_3).exp()))
            .clamp(100.0 - CEILING, CEILING),
    }
}

/// How bad a turn was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    pub const ALL: [Judgement; 3] = [Judgement::Inaccuracy, Judgement::Mistake, Judgement::Blunder];

    /// The glyph a move list and a record write after the turn.
    pub fn glyph(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// Its word in the page's attributes.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    pub fn from_glyph(glyph: &str) -> Option<Judgement> {
        Judgement::ALL.into_iter().find(|j| j.glyph() == glyph)
    }

    /// The judgement of a turn that lost `loss` of its player's chance (0 to 100).
    pub fn of_loss(loss: f64) -> Option<Judgement> {
        match loss {
            loss if loss >= 15.0 => Some(Judgement::Blunder),
            loss if loss >= 10.0 => Some(Judgement::Mistake),
            loss if loss >= 5.0 => Some(Judgement::Inaccuracy),
            _ => None,
        }
    }

    /// The judgement of a turn between two solved positions, each for its player: `before`
    /// the best play's value, `after` what the turn kept. Only the result counts.
    pub fn of_values(before: Score, after: Score) -> Option<Judgement> {
        let rank = |score: Score| match score {
            Score::Win(_) => 2,
            Score::Value(_) => 1,
            Score::Loss(_) => 0,
        };
        (rank(after) < rank(before)).then_some(Judgement::Blunder)
    }
}

/// One turn's accuracy (0 to 100) from the chance its player lost by it (0 or more).
pub fn turn_accuracy(loss: f64) -> f64 {
    if loss <= 0.0 {
        return 100.0;
    }
    let raw = 103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * loss).exp() - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// Each turn's player and the chance it lost by it: `scores` are the first player's in each
/// position (the start first, one more than the turns), `movers` who made each turn.
pub fn losses(game: GameId, scores: &[Score], movers: &[Player]) -> Vec<(Player, f64)> {
    movers
        .iter()
        .zip(scores.windows(2))
        .map(|(&mover, pair)| {
            let mine = |score: Score| if mover == Player::First { score } else { flipped(score) };
            // The best play's result, a turn on: a decided game's end a ply nearer.
            let best = match mine(pair[0]) {
                Score::Win(plies) => Score::Win(plies.saturating_sub(1)),
                Score::Loss(plies) => Score::Loss(plies.saturating_sub(1)),
                value => value,
            };
            let after = mine(pair[1]);
            // A turn to a result at least as good as the best play's loses nothing, though a
            // win found at a distance may read as a smaller chance than the estimate before it.
            let loss = if rank(after) >= rank(best) {
                0.0
            } else {
                (win_chance(game, best) - win_chance(game, after)).max(0.0)
            };
            (mover, loss)
        })
        .collect()
}

/// Each player's accuracy (the first player's first) over a game: `chances` is the first
/// player's chance in each position, the start first (one more than the turns), and `turns`
/// who made each turn and the chance it lost. `None` for a player who made no turn.
pub fn accuracy(chances: &[f64], turns: &[(Player, f64)]) -> [Option<f64>; 2] {
    let count = turns.len().min(chances.len().saturating_sub(1));
    if count == 0 {
        return [None, None];
    }
    let window = (count / 10).clamp(2, 8).min(chances.len());
    // One window per turn: the first ones repeat the game's first window.
    let weights = (0..count).map(|turn| {
        let start = (turn + 1).saturating_sub(window - 1).min(chances.len() - window);
        deviation(&chances[start..start + window]).clamp(0.5, 12.0)
    });
    let mut per_player: [Vec<(f64, f64)>; 2] = [Vec::new(), Vec::new()];
    for (&(mover, loss), weight) in turns.iter().zip(weights) {
        per_player[usize::from(mover == Player::Second)].push((turn_accuracy(loss), weight));
    }
    per_player.map(|turns| {
        if turns.is_empty() {
            return None;
        }
        let weighted =
            turns.iter().map(|(a, w)| a * w).sum::<f64>() / turns.iter().map(|(_, w)| w).sum::<f64>();
        let harmonic = turns.len() as f64 / turns.iter().map(|(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
        Some((weighted + harmonic) / 2.0)
    })
}

fn deviation(values: &[f64]) -> f64 {
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / values.len() as f64).sqrt()
}

/// A score for the first player as a record's evaluation: units of a man with two decimals
/// (`0.35`), `#7` for a win in 7 plies, `#-4` for a loss in 4.
pub fn eval_text(score: Score) -> String {
    // In whole numbers: the page carries no float formatting for it.
    match score {
        Score::Value(value) => {
            let sign = if value < 0 { "-" } else { "" };
            let hundredths = value.unsigned_abs();
            format!("{sign}{}.{:02}", hundredths / 100, hundredths % 100)
        }
        Score::Win(plies) => format!("#{plies}"),
        Score::Loss(plies) => format!("#-{plies}"),
    }
}

/// Reads an evaluation written by [`eval_text`] (any number of decimals).
pub fn read_eval(text: &str) -> Option<Score> {
    if let Some(plies) = text.strip_prefix("#-") {
        return plies.parse().ok().map(Score::Loss);
    }
    if let Some(plies) = text.strip_prefix('#') {
        return plies.parse().ok().map(Score::Win);
    }
    // In whole numbers (the page carries no float parsing for it): at most six digits before
    // the point, rounded to hundredths, half away from zero.
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if whole.len() > 6
        || (whole.is_empty() && fraction.is_empty())
        || !all_digits(whole)
        || !all_digits(fraction)
    {
        return None;
    }
    let digit = |i: usize| i32::from(fraction.as_bytes().get(i).map_or(0, |b| b - b'0'));
    let hundredths =
        whole.parse::<i32>().unwrap_or(0) * 100 + digit(0) * 10 + digit(1) + i32::from(digit(2) >= 5);
    Some(Score::Value(if negative { -hundredths } else { hundredths }))
}

/// A score for the player to move, as the other player sees it.
pub fn flipped(score: Score) -> Score {
    match score {
        Score::Value(value) => Score::Value(-value),
        Score::Win(plies) => Score::Loss(plies),
        Score::Loss(plies) => Score::Win(plies),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chance_rises_with_the_score_and_is_symmetric() {
        for game in GameId::ALL {
            let mut last = -1.0;
            for value in (-2_000..=2_000).step_by(25) {
                let mine = win_chance(game, Score::Value(value));
                assert!(
                    mine > last || (mine == last && (mine == 100.0 - CEILING || mine == CEILING)),
                    "{game:?} {value}"
                );
                assert!((mine + win_chance(game, Score::Value(-value)) - 100.0).abs() < 1e-9);
                last = mine;
            }
            assert_eq!(win_chance(game, Score::Value(0)), 50.0);
            assert!(win_chance(game, Score::Value(i32::MAX)) <= CEILING);
            // A win is surer the nearer it is, and a loss likewise; the end is certain.
            assert_eq!(win_chance(game, Score::Win(0)), 100.0);
            assert_eq!(win_chance(game, Score::Loss(0)), 0.0);
            let mut last = 100.0;
            for plies in 1..=42 {
                let mine = win_chance(game, Score::Win(plies));
                assert!(mine < last && mine > 50.0, "{game:?} {plies}");
                assert!((mine + win_chance(game, Score::Loss(plies)) - 100.0).abs() < 1e-9);
                last = mine;
            }
        }
        // The lead wins three games in four, and so does a win at the reach.
        assert!((chance(Score::Value(100), 100, 30) - 75.0).abs() < 1e-9);
        assert!((chance(Score::Win(30), 100, 30) - 75.0).abs() < 1e-9);
    }

    #[test]
    fn judgements_follow_lichess_thresholds() {
        assert_eq!(Judgement::of_loss(4.99), None);
        assert_eq!(Judgement::of_loss(5.0), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of_loss(9.99), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of_loss(10.0), Some(Judgement::Mistake));
        assert_eq!(Judgement::of_loss(15.0), Some(Judgement::Blunder));
        assert_eq!(Judgement::of_loss(-30.0), None);
        for judgement in Judgement::ALL {
            assert_eq!(Judgement::from_glyph(judgement.glyph()), Some(judgement));
        }
        // Solved: a win or a draw given away is a blunder; a slower win is nothing.
        assert_eq!(Judgement::of_values(Score::Win(5), Score::Value(0)), Some(Judgement::Blunder));
        assert_eq!(Judgement::of_values(Score::Win(5), Score::Loss(8)), Some(Judgement::Blunder));
        assert_eq!(Judgement::of_values(Score::Value(0), Score::Loss(8)), Some(Judgement::Blunder));
        assert_eq!(Judgement::of_values(Score::Win(5), Score::Win(21)), None);
        assert_eq!(Judgement::of_values(Score::Loss(5), Score::Loss(3)), None);
    }

    #[test]
    fn accuracy_on_hand_made_games() {
        let movers: Vec<Player> =
            (0..8).map(|i| if i % 2 == 0 { Player::First } else { Player::Second }).collect();
        let played = |values: [i32; 9]| {
            let scores = values.map(Score::Value);
            let chances = scores.map(|score| win_chance(GameId::Checkers, score));
            accuracy(&chances, &losses(GameId::Checkers, &scores, &movers))
        };
        // Nobody loses anything: 100 each.
        let [first, second] = played([0; 9]);
        assert!((first.unwrap() - 100.0).abs() < 1e-9 && (second.unwrap() - 100.0).abs() < 1e-9);
        // The second player blunders once (the first player from even to a lead's
        // advantage): only their accuracy falls, and by much.
        let lead = <crate::rules::checkers::Checkers as Engines>::LEAD;
        assert_eq!(
            losses(GameId::Checkers, &[Score::Value(0), Score::Value(lead)], &[Player::Second]),
            [(Player::Second, 25.0)]
        );
        let [first, second] = played([0, 0, lead, lead, lead, lead, lead, lead, lead]);
        assert!((first.unwrap() - 100.0).abs() < 1e-9);
        let second = second.unwrap();
        assert!(second < 70.0 && second > 10.0, "{second}");
        // A single turn's figures, as lichess's formula gives them.
        assert_eq!(turn_accuracy(-10.0), 100.0);
        assert!((turn_accuracy(0.0) - 100.0).abs() < 1e-6);
        assert!((turn_accuracy(10.0) - 64.58).abs() < 0.01, "{}", turn_accuracy(10.0));
        assert!(turn_accuracy(100.0) < 1.0);
        // No turns, no figure.
        assert_eq!(accuracy(&[50.0], &[]), [None, None]);
        assert_eq!(accuracy(&[50.0, 50.0], &[(Player::First, 0.0)]).map(|a| a.is_some()), [true, false]);
    }

    /// Solved positions (as Connect Four's are), each score for the player to move there.
    fn solved(scores: &[Score]) -> Vec<Option<Found>> {
        let found = |&score: &Score| Some(Found { score, exact: true, pv: Vec::new(), columns: Vec::new() });
        scores.iter().map(found).collect()
    }

    fn alternate(count: usize) -> Vec<Player> {
        (0..count).map(|i| if i % 2 == 0 { Player::First } else { Player::Second }).collect()
    }

    #[test]
    fn a_win_given_away_far_from_the_end_costs_less_than_one_near_it() {
        use Score::{Loss, Win};
        // Red gives its win away on its second turn, 39 plies from the end, and wins anyway
        // when yellow gives it back: one blunder each, and both players' accuracy says they
        // played most turns well.
        let far = solved(&[Win(41), Loss(40), Win(39), Win(38), Loss(37), Loss(36), Win(5), Loss(4), Win(3)]);
        let reviewed = review(GameId::ConnectFour, &far, &alternate(9), Loss(0));
        let blunders = |r: &Review| r.judgements.iter().filter(|j| **j == Some(Judgement::Blunder)).count();
        assert_eq!(blunders(&reviewed), 2);
        let [red, yellow] = reviewed.accuracy.map(Option::unwrap);
        assert!(red > 40.0 && yellow > 40.0, "{red} {yellow}");
        // Red's win given away three plies from the end, for good: that costs nearly all.
        let near = solved(&[Win(9), Loss(8), Win(7), Loss(6), Win(5), Loss(4), Win(3), Win(2), Loss(1)]);
        let reviewed = review(GameId::ConnectFour, &near, &alternate(9), Loss(0));
        assert!(reviewed.accuracy[0].unwrap() < red - 20.0, "{:?}", reviewed.accuracy);
    }

    #[test]
    fn a_decided_game_counts_how_much_sooner_or_later_each_turn_ends_it() {
        use Score::{Loss, Win};
        // Perfect play on both sides, the winner's and the loser's, is perfect.
        let perfect = solved(&[Win(7), Loss(6), Win(5), Loss(4), Win(3), Loss(2), Win(1)]);
        let reviewed = review(GameId::ConnectFour, &perfect, &alternate(7), Loss(0));
        assert_eq!(reviewed.accuracy, [Some(100.0), Some(100.0)]);
        assert_eq!(reviewed.judgements, [None; 6]);
        // The first player keeps a win at every turn; the second hastens their loss once (a
        // loss 7 plies away made one at once): a small chance, but theirs, given away.
        let hasty = solved(&[Win(11), Loss(10), Win(9), Loss(8), Win(1)]);
        let reviewed = review(GameId::ConnectFour, &hasty, &alternate(5), Loss(0));
        assert!(reviewed.judgements[3].is_some(), "{:?}", reviewed.judgements);
        assert!(reviewed.accuracy[1].unwrap() < 90.0, "{:?}", reviewed.accuracy);
        assert!((reviewed.accuracy[0].unwrap() - 100.0).abs() < 1e-9);
        // A winner who lets a near win become a far one loses accuracy though still winning.
        let slow = solved(&[Win(3), Loss(30), Win(29), Loss(28)]);
        let reviewed = review(GameId::ConnectFour, &slow, &alternate(4), Loss(0));
        assert_eq!(reviewed.judgements[0], Some(Judgement::Blunder));
        assert!(reviewed.accuracy[0].unwrap() < 90.0, "{:?}", reviewed.accuracy);
        // A turn that finds a win the search before it missed loses nothing, though a win
        // 20 plies away reads as a smaller chance than the estimate before it.
        let estimate =
            Some(Found { score: Score::Value(900), exact: false, pv: Vec::new(), columns: Vec::new() });
        let found = [estimate, solved(&[Loss(20)]).remove(0)];
        let reviewed = review(GameId::ConnectFour, &found, &alternate(2), Loss(0));
        assert_eq!(reviewed.judgements, [None]);
        assert_eq!(reviewed.accuracy[0], Some(100.0));
    }

    #[test]
    fn a_review_marks_the_turn_that_gave_the_game_away() {
        let found = |value: i32| {
            Some(Found { score: Score::Value(value), exact: false, pv: Vec::new(), columns: Vec::new() })
        };
        let movers = [Player::First, Player::Second, Player::First, Player::Second, Player::First];
        // Even, even, then the second player's turn leaves the first player three leads ahead
        // (the position's score is for the first player, to move there), and it stays so.
        let lead = <crate::rules::checkers::Checkers as Engines>::LEAD;
        let positions = [found(0), found(0), found(3 * lead), found(10 - 3 * lead), found(3 * lead + 10)];
        let reviewed = review(GameId::Checkers, &positions, &movers, Score::Value(0));
        assert_eq!(reviewed.judgements, [None, Some(Judgement::Blunder), None, None]);
        assert!(reviewed.chances[2] > 90.0 && (reviewed.chances[0] - 50.0).abs() < 1e-9);
        assert!(reviewed.accuracy[1].unwrap() < reviewed.accuracy[0].unwrap());
        // Solved positions are judged by value: a draw thrown into a loss is a blunder, however
        // small the estimate would be; a slower win is nothing.
        // The first player throws a win away (into a loss), the second a win into a draw; the
        // first then wins again, and the second's loss put off is nothing.
        let positions =
            solved(&[Score::Win(9), Score::Win(20), Score::Value(0), Score::Loss(8), Score::Win(11)]);
        let reviewed = review(GameId::ConnectFour, &positions, &movers, Score::Value(0));
        assert_eq!(reviewed.judgements, [Some(Judgement::Blunder), Some(Judgement::Blunder), None, None]);
        // The end, unfound, counts as `end` for its player to move.
        let positions = [found(0), None];
        let reviewed = review(GameId::Gomoku, &positions, &movers[..2], Score::Loss(0));
        assert_eq!(reviewed.chances, [50.0, 100.0]);
    }

    /// Two dark-chess games with the same public history (the same turns, the same flips
    /// showing the same pieces) but different face-down pieces elsewhere get the same analysis:
    /// the engine sees only what a player could.
    #[test]
    fn dark_chess_is_analysed_from_public_information_alone() {
        use crate::engine::dark_chess::DarkChessEngine;
        use crate::rules::dark_chess::{Cell, Config, DarkChess};
        const SQUARES: usize = 32;
        use crate::rules::Game;
        let config = Config { seed: 11, ..Config::default() };
        let start = DarkChess::new(&config);
        // A game played on it: the first legal turn each time, a few turns in.
        let mut game = start.clone();
        let (mut turns, mut legs, mut turn_start) = (Vec::new(), Vec::new(), game.clone());
        while turns.len() < 8 && game.outcome().is_none() {
            let mv = game.legal_moves()[turns.len() * 7 % game.legal_moves().len()];
            game.play(mv).unwrap();
            legs.push(mv);
            if !game.mid_move() {
                turns.push(turn_start.turn_notation(&legs));
                legs.clear();
                turn_start = game.clone();
            }
        }
        assert_eq!(turns.len(), 8);
        // Two face-down pieces never shown, of different kinds, swapped.
        let board: [Cell; SQUARES] = std::array::from_fn(|square| start.cell(square as u8));
        let hidden: Vec<usize> =
            (0..SQUARES).filter(|&square| matches!(game.cell(square as u8), Cell::FaceDown(_))).collect();
        let (a, b) = hidden
            .iter()
            .flat_map(|&a| hidden.iter().map(move |&b| (a, b)))
            .find(|&(a, b)| board[a] != board[b])
            .expect("two different face-down pieces");
        let mut other = board;
        other.swap(a, b);
        let other_start = DarkChess::from_setup(config.clone(), other, None, Player::First).unwrap();
        let texts: Vec<&str> = turns.iter().map(String::as_str).collect();
        let go = Go { level: 3, depth: Some(3), ..Go::default() };
        let found: Vec<Option<Found>> = [start, other_start]
            .into_iter()
            .map(|start| {
                let mut engine = DarkChessEngine::from_game(start);
                analyse(&mut engine, &texts, &go, &|| 0.0, &|| false).unwrap()
            })
            .collect();
        assert!(found[0].is_some());
        assert_eq!(found[0], found[1]);
    }

    /// Connect Four: every column's exact value, and the position's the best of them.
    #[test]
    fn connect_four_positions_get_each_columns_exact_value() {
        let mut engine = crate::engine::engine_for("connect-four", None).unwrap();
        // Red has three in column 1 and yellow three in column 2: red wins in column 1 now;
        // anywhere but column 2, yellow wins there next; column 2 blocks, and the game goes on
        // (a solve of a board that empty may take longer than the budget: then unknown).
        let turns = ["1", "2", "1", "2", "1", "2"];
        let found = analyse(&mut *engine, &turns, &Go::default(), &|| 0.0, &|| false).unwrap().unwrap();
        assert_eq!(found.columns.len(), 7);
        assert_eq!(found.columns[0], Some(Score::Win(1)));
        assert!(found.columns[2..].iter().all(|&value| value == Some(Score::Loss(2))), "{:?}", found.columns);
        assert_eq!((found.score, found.exact), (Score::Win(1), true));
        // Late in a game every column is solved within the budget.
        let late = ["4", "4", "4", "4", "4", "4", "3", "3", "3", "3", "3", "3", "5", "5", "5", "5", "5", "5"];
        let found = analyse(&mut *engine, &late, &Go::default(), &|| 0.0, &|| false).unwrap().unwrap();
        assert!(
            found.columns.iter().enumerate().all(|(c, v)| v.is_some() != (2..=4).contains(&c)),
            "{:?}",
            found.columns
        );
        assert!(found.exact);
        // Another game has none.
        let mut engine = crate::engine::engine_for("gomoku", None).unwrap();
        let go = Go { depth: Some(1), ..Go::default() };
        let found = analyse(&mut *engine, &["h8"], &go, &|| 0.0, &|| false).unwrap().unwrap();
        assert!(found.columns.is_empty());
    }

    /// Checkers' engine plays a single legal turn without a search; the analysis looks past
    /// it: a capture about to be taken back is even, not a man won.
    #[test]
    fn a_forced_turn_is_looked_past() {
        let mut engine = crate::engine::engine_for("checkers", None).unwrap();
        let go = Go { depth: Some(6), ..Go::default() };
        let found = analyse(&mut *engine, &["11-15", "22-18"], &go, &|| 0.0, &|| false).unwrap().unwrap();
        assert!(matches!(found.score, Score::Value(v) if v.abs() < 50), "{found:?}");
        assert_eq!(found.pv.first().map(String::as_str), Some("15x22"));
        assert!(found.pv.len() > 1, "{found:?}");
    }

    #[test]
    fn evaluations_read_back_as_written() {
        for score in [Score::Value(35), Score::Value(-10), Score::Value(0), Score::Win(7), Score::Loss(4)] {
            assert_eq!(read_eval(&eval_text(score)), Some(score));
        }
        assert_eq!(eval_text(Score::Value(35)), "0.35");
        assert_eq!(eval_text(Score::Value(-1234)), "-12.34");
        assert_eq!(read_eval("1.5"), Some(Score::Value(150)));
        assert_eq!(read_eval("-0.005"), Some(Score::Value(-1)));
        assert_eq!(read_eval("2"), Some(Score::Value(200)));
        assert_eq!(read_eval(".25"), Some(Score::Value(25)));
        assert_eq!(read_eval("-12.344"), Some(Score::Value(-1234)));
        assert_eq!(eval_text(Score::Value(-5)), "-0.05");
        for value in [-100_000, -101, -99, -1, 0, 1, 7, 99, 100, 12_345] {
            assert_eq!(read_eval(&eval_text(Score::Value(value))), Some(Score::Value(value)));
        }
        for bad in ["", "#", "#x", "mate", "1e400", "NaN", "inf", "-", ".", "1.2.3", "1234567", "- 1"] {
            assert_eq!(read_eval(bad), None, "{bad}");
        }
        assert_eq!(flipped(Score::Win(3)), Score::Loss(3));
    }
}
