//! A game as text: tag pairs, then its turns in the move list's notation, numbered. The one
//! form for exported records, share links and saves; for checkers it is PDN.
//!
//! ```text
//! [Game "gomoku"]
//! [Event "Board games"]
//! [Date "2026.11.23"]
//! [Result "*"]
//! [Rules "renju"]
//!
//! 1. h8 h9 2. i9 g7 *
//! ```
//!
//! Reading is forgiving, as PGN and PDN readers are: unknown tags, `{comments}`, `; comments`,
//! `(variations)`, move numbers (`12.`, `12...`), annotations (`!`, `?!`, `$3`) and results
//! are skipped. Every turn goes through the rules, and a record that cannot be read says where.

use super::clock::{self, TimeControl};
use super::{Conclusion, Game, History, Illegal, Outcome, Player, SetupError, Termination, parse_turn};
use std::fmt;

/// A record's tag pairs, as read: names and values, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(pub Vec<(String, String)>);

impl Tags {
    /// The value of the first tag of this name.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// A tag a game writes: its name and value.
pub type Tag = (&'static str, String);

/// What a game adds to be written and read as a record.
pub trait Recorded: Game {
    /// The game's name in routes, records (the `Game` tag), saves and the protocols.
    const SLUG: &'static str;

    /// The order in which the `Result` tag lists the players' scores: the first player's first,
    /// except in PDN, which lists White's (the second player) first.
    const RESULT_ORDER: [Player; 2] = [Player::First, Player::Second];

    /// The tags of the players' names and ratings, the first player's first, as the game's
    /// sides are called (as PGN's `White` and `WhiteElo`).
    const PLAYER_TAGS: [(&'static str, &'static str); 2] = [("First", "FirstElo"), ("Second", "SecondElo")];

    /// The extension of a record saved as a file: plain text, except PDN for checkers.
    const FILE_EXTENSION: &'static str = "txt";

    /// The tags that describe the start: the rules and, when the start is not the rules' own
    /// (a checkers FEN), the position. `reveal` is false for a record others may see while the
    /// game goes on: nothing hidden (a dark-chess shuffle) may be written then.
    fn start_tags(start: &Self, reveal: bool) -> Vec<Tag>;

    /// The start a record describes, from its tags; `turns` are the record's turn tokens, for a
    /// game whose hidden start only they show, and `fresh_seed` shuffles what nothing shows.
    fn read_start(tags: &Tags, turns: &[&str], fresh_seed: u64) -> Result<Self, TagError>;

    /// The rules the tags name, without a start: what a seek or a room in the lobby is played
    /// by. A dark-chess shuffle is not among them.
    fn read_config(tags: &Tags) -> Result<Self::Config, TagError>;

    /// The start as the game's setup text, when it is a position set up by hand that the game
    /// can describe to anyone (a checkers FEN); `None` for the rules' own start.
    fn setup(&self) -> Option<String> {
        None
    }

    /// The actions a turn token names here: the move list's notation, or another form other
    /// programs write (a PDN capture by its ends).
    fn read_turn(&self, token: &str) -> Option<Vec<Self::Move>> {
        parse_turn(self, token).ok()
    }
}

/// A tag that does not describe a game this suite can set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagError {
    /// The tag's value is not one the game knows.
    Value(&'static str),
    /// The tag describes a position the rules cannot reach.
    Setup(&'static str, SetupError),
    /// What the turns show cannot be one deal: a square shown as two pieces, or more pieces of
    /// a kind than a set has.
    Shown,
}

/// A tag naming one of a game's choices (`[Rules "renju"]`): the choice, the default when the
/// tag is absent; a value not among `choices` is refused.
pub fn read_choice<T: Copy>(tags: &Tags, name: &'static str, choices: &[(T, &str)]) -> Result<T, TagError> {
    let value = tags.get(name).map(str::trim);
    match value {
        None | Some("") => choices.first().map(|&(choice, _)| choice).ok_or(TagError::Value(name)),
        Some(value) => choices
            .iter()
            .find(|(_, word)| *word == value)
            .map(|&(choice, _)| choice)
            .ok_or(TagError::Value(name)),
    }
}

/// The tag for a choice, written only when it is not the first (the default).
pub fn write_choice<T: Copy + PartialEq>(name: &'static str, value: T, choices: &[(T, &str)]) -> Vec<Tag> {
    let word = choices.iter().position(|&(choice, _)| choice == value).filter(|&i| i > 0);
    word.map(|i| (name, choices[i].1.to_owned())).into_iter().collect()
}

/// A player as a record names them: their name and rating.
pub type Named = (String, Option<i64>);

/// The tags naming each player (their name and rating before the game, the first player's
/// first; a name unknown is not written) under the game's side tags: the names, then their
/// ratings, as PGN orders its seven tags and the ones after.
pub fn people_tags<G: Recorded>(players: &[Option<Named>; 2]) -> Vec<Tag> {
    let named: Vec<_> = G::PLAYER_TAGS
        .iter()
        .zip(players)
        .filter_map(|(tags, player)| Some((*tags, player.as_ref()?)))
        .collect();
    let names = named.iter().map(|((name_tag, _), (name, _))| (*name_tag, name.clone()));
    let ratings = named
        .iter()
        .filter_map(|((_, rating_tag), (_, rating))| Some((*rating_tag, rating.as_ref()?.to_string())));
    names.chain(ratings).collect()
}

/// What the page adds to a record it writes for people: where, when and by whom it was played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// What the game was (`Rated blitz game`); `Board games` when absent.
    pub event: Option<String>,
    /// Where it was played: the site's address; not written when absent.
    pub site: Option<String>,
    /// `YYYY.MM.DD`; unknown (`????.??.??`) when absent.
    pub date: Option<String>,
    /// The players' tags, after the date: [`people_tags`].
    pub people: Vec<Tag>,
    /// Whether hidden information may be written (a save, or a finished game).
    pub reveal: bool,
    /// The clocks of a timed game; nothing is written for an untimed one.
    pub timing: Timing,
    /// An analysis's marks, turn by turn (none: nothing written).
    pub annotations: Vec<Annotation>,
    /// Where a game continued from another game's position came from (the `Origin` tag: the
    /// other game's link and the move it was continued after).
    pub origin: Option<String>,
}

/// What an analysis says of a turn, as PGN writes it: a judgement's glyph after the turn
/// (`?!`, `?`, `??`) and the evaluation after it in a comment, `{[%eval 0.35]}` (from the first
/// player's side, in units of a man; `#7` for a win in 7 plies, `#-4` for a loss in 4). The
/// record keeps them as text; the analysis reads and writes them (`engine::analysis`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotation {
    pub glyph: Option<String>,
    pub eval: Option<String>,
}

/// The glyphs a record keeps after a turn.
const GLYPHS: [&str; 6] = ["!!", "!?", "?!", "??", "!", "?"];

/// The annotations of a record's turns, token by token (a turn is one token as the move list
/// writes it): what an analysis wrote, read back. A record that cannot be read has none.
pub fn read_annotations(text: &str) -> Vec<Annotation> {
    split(text).map(|parts| parts.notes).unwrap_or_default()
}

/// A timed game's clocks as its record keeps them: the `TimeControl` tag, and after each turn
/// the mover's time left as a `{[%clk h:mm:ss]}` comment, as PGN writes them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timing {
    pub control: TimeControl,
    /// The mover's time left after each turn, in milliseconds, oldest first.
    pub clocks: Vec<u64>,
}

/// The clocks a record keeps (see [`Timing`]): what a review shows beside each turn. A record
/// without them, or one that cannot be read, has none.
pub fn read_timing(text: &str) -> Timing {
    let Ok(parts) = split(text) else { return Timing::default() };
    let control = parts.tags.get("TimeControl").and_then(TimeControl::from_tag).unwrap_or_default();
    Timing { control, clocks: parts.clocks }
}

/// Why a record could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The 1-based line of the text where the problem is.
    pub line: usize,
    pub problem: Problem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Nothing that looks like a record: no tag and no move.
    Empty,
    /// A tag, comment or variation that does not end.
    Unclosed,
    /// The record names another game.
    OtherGame(String),
    /// A tag with a value the game does not know.
    Tag(TagError),
    /// The turn (1-based) is not a move in this position, or not one the rules allow.
    Move { turn: usize, text: String },
    /// A turn after the game had ended.
    AfterEnd { turn: usize, text: String },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {:?}", self.line, self.problem)
    }
}

/// The `Result` tag's value for a game's outcome, scores listed in `order`.
pub fn result_text(outcome: Option<Outcome>, order: [Player; 2]) -> &'static str {
    match outcome {
        None => "*",
        Some(Outcome::Draw) => "1/2-1/2",
        Some(Outcome::Win(winner)) if winner == order[0] => "1-0",
        Some(Outcome::Win(_)) => "0-1",
    }
}

/// A tag value with `"` and `\` escaped.
fn quoted(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The record of a game, named by its `Game` tag. The turns are the move list's, numbered by
/// pairs; a turn of several actions is written as the list writes it.
pub fn write<G: Recorded>(history: &History<G>, header: &Header) -> String {
    let outcome = history.outcome();
    let result = result_text(outcome, G::RESULT_ORDER);
    let mut tags: Vec<Tag> = vec![
        ("Game", G::SLUG.to_owned()),
        ("Event", header.event.clone().unwrap_or_else(|| "Board games".to_owned())),
    ];
    tags.extend(header.site.clone().map(|site| ("Site", site)));
    tags.push(("Date", header.date.clone().unwrap_or_else(|| "????.??.??".to_owned())));
    tags.extend(header.people.iter().cloned());
    tags.push(("Result", result.to_owned()));
    tags.extend(history.termination().map(|why| ("Termination", why.name().to_owned())));
    tags.extend(header.origin.clone().map(|origin| ("Origin", origin)));
    if header.timing.control != TimeControl::Untimed {
        tags.push(("TimeControl", header.timing.control.tag()));
    }
    // A finished game has nothing left to hide.
    tags.extend(G::start_tags(history.start(), header.reveal || outcome.is_some()));
    let mut text: String =
        tags.iter().map(|(name, value)| format!("[{name} \"{}\"]\n", quoted(value))).collect();
    text.push('\n');
    // Numbered by pairs of turns; a record whose start has the second player to move says so
    // (`1...`), as PGN and PDN do.
    let offset = usize::from(history.start().to_move() == Player::Second);
    for (index, turn) in turn_texts(history).iter().enumerate() {
        let counted = index + offset;
        if counted % 2 == 0 {
            text.push_str(&format!("{}. ", counted / 2 + 1));
        } else if index == 0 {
            text.push_str("1... ");
        }
        text.push_str(turn);
        let note = header.annotations.get(index);
        if let Some(glyph) = note.and_then(|note| note.glyph.as_deref()).filter(|g| GLYPHS.contains(g)) {
            text.push_str(glyph);
        }
        text.push(' ');
        let eval = note.and_then(|note| note.eval.as_deref()).filter(|eval| is_eval(eval));
        let clk = header.timing.clocks.get(index).map(|&left| clock::clk(left));
        match (eval, clk) {
            (Some(eval), Some(clk)) => text.push_str(&format!("{{[%eval {eval}] [%clk {clk}]}} ")),
            (Some(eval), None) => text.push_str(&format!("{{[%eval {eval}]}} ")),
            (None, Some(clk)) => text.push_str(&format!("{{[%clk {clk}]}} ")),
            (None, None) => {}
        }
    }
    text.push_str(result);
    text.push('\n');
    text
}

/// The shortest record of a game, for a link: the tags of its start, its turns, and its result. The route names the game; nothing hidden is written while the game goes on.
pub fn write_short<G: Recorded>(history: &History<G>) -> String {
    let outcome = history.outcome();
    // Only an ending the result alone would read back as another (a resignation) is said.
    let termination = history.termination().filter(|why| {
        matches!(why, Termination::TimeForfeit | Termination::Abandoned | Termination::Aborted)
    });
    let mut tags: Vec<Tag> =
        termination.map(|why| ("Termination", why.name().to_owned())).into_iter().collect();
    tags.extend(G::start_tags(history.start(), outcome.is_some()));
    // The result ends it, `*` while the game goes on, so even a game with no turn says something.
    let result = result_text(outcome, G::RESULT_ORDER).to_owned();
    tags.iter().map(short_tag).chain(turn_texts(history)).chain([result]).collect::<Vec<_>>().join(" ")
}

/// A tag as a link writes it, on one line.
fn short_tag((name, value): &Tag) -> String {
    format!("[{name} \"{}\"]", quoted(value))
}

/// The rules of a start as anyone may see them (`[Rules "renju"]`; empty for the defaults):
/// what an online room starts from, and what players are paired by.
pub fn public_rules<G: Recorded>(start: &G) -> String {
    G::start_tags(start, false).iter().map(short_tag).collect::<Vec<_>>().join(" ")
}

/// The rules a text of tags names, as [`public_rules`] writes them (`[Rules "renju"]`), read
/// without playing a game; `None` if they are not this game's.
pub fn read_rules<G: Recorded>(text: &str) -> Option<G::Config> {
    G::read_config(&split(text).ok()?.tags).ok()
}

/// The turns as the move list writes them.
pub fn turn_texts<G: Game>(history: &History<G>) -> Vec<String> {
    history.turns().into_iter().map(|(before, legs)| before.turn_notation(legs)).collect()
}

/// The text of a record split into its tags and its turn tokens, each with its line.
struct Parts<'a> {
    tags: Tags,
    tokens: Vec<(&'a str, usize)>,
    result: Option<&'a str>,
    /// The `[%clk]` times of the comments, in order.
    clocks: Vec<u64>,
    /// Each token's glyph and `[%eval]`.
    notes: Vec<Annotation>,
}

/// Whether `text` is an evaluation as a record writes one: a number (`0.35`, `-1.2`) or a win
/// in plies (`#7`, `#-4`).
fn is_eval(text: &str) -> bool {
    let number = text.strip_prefix('#').unwrap_or(text);
    let digits = number.strip_prefix('-').unwrap_or(number);
    !digits.is_empty()
        && digits.len() <= 12
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && digits.bytes().filter(|&b| b == b'.').count() <= usize::from(!text.starts_with('#'))
}

/// Whether a token is a result: PGN's, or PDN's (`2-0`, `1-1`, `0-2`, `0-0`).
fn is_result(token: &str) -> bool {
    matches!(token, "*" | "1-0" | "0-1" | "1/2-1/2" | "2-0" | "0-2" | "1-1" | "0-0")
}

/// A token without its move number (`12.`, `12...`) and its annotations (`!`, `?!`).
fn move_part(token: &str) -> &str {
    let after_number = match token.find(|c: char| !c.is_ascii_digit()) {
        Some(end) if end > 0 && token[end..].starts_with('.') => token[end..].trim_start_matches('.'),
        _ => token,
    };
    after_number.trim_end_matches(['!', '?'])
}

fn split(text: &str) -> Result<Parts<'_>, RecordError> {
    let mut tags = Tags::default();
    let mut tokens = Vec::new();
    let mut result = None;
    let mut clocks = Vec::new();
    let mut notes: Vec<Annotation> = Vec::new();
    let mut line = 1;
    let mut rest = text;
    // Inside `(variations)`, how deep; their moves are skipped.
    let mut depth = 0_usize;
    while let Some(c) = rest.chars().next() {
        let unclosed = |at| RecordError { line: at, problem: Problem::Unclosed };
        match c {
            '\n' => {
                line += 1;
                rest = &rest[1..];
            }
            c if c.is_whitespace() => rest = &rest[c.len_utf8()..],
            '{' => {
                let end = rest.find('}').ok_or(unclosed(line))?;
                line += rest[..end].matches('\n').count();
                let command = |name: &str| {
                    rest[..end]
                        .split_once(name)
                        .and_then(|(_, value)| value.split_once(']'))
                        .map(|(v, _)| v.trim())
                };
                if depth == 0 {
                    clocks.extend(command("[%clk ").and_then(clock::parse_clk));
                    if let (Some(eval), Some(note)) = (command("[%eval "), notes.last_mut()) {
                        note.eval = is_eval(eval).then(|| eval.to_owned());
                    }
                }
                rest = &rest[end + 1..];
            }
            ';' | '%' => rest = rest.find('\n').map_or("", |end| &rest[end..]),
            '(' => {
                depth += 1;
                rest = &rest[1..];
            }
            ')' => {
                depth = depth.saturating_sub(1);
                rest = &rest[1..];
            }
            '[' if depth == 0 => {
                let (tag, after) = read_tag(&rest[1..]).ok_or(unclosed(line))?;
                tags.0.push(tag);
                rest = after;
            }
            _ => {
                let end =
                    rest.find(|c: char| c.is_whitespace() || "{}()[];".contains(c)).unwrap_or(rest.len());
                let token = &rest[..end.max(c.len_utf8())];
                rest = &rest[token.len()..];
                let part = move_part(token);
                if depth > 0 || part.is_empty() || part.starts_with('$') {
                    continue;
                }
                if is_result(part) {
                    result = Some(part);
                    // A file of several games: the first is read.
                    break;
                }
                tokens.push((part, line));
                let glyph = &token[token.trim_end_matches(['!', '?']).len()..];
                notes.push(Annotation {
                    glyph: GLYPHS.contains(&glyph).then(|| glyph.to_owned()),
                    eval: None,
                });
            }
        }
    }
    if depth > 0 {
        return Err(RecordError { line, problem: Problem::Unclosed });
    }
    Ok(Parts { tags, tokens, result, clocks, notes })
}

/// A tag pair after its `[`: `Name "value"]`, and the text after it.
fn read_tag(text: &str) -> Option<((String, String), &str)> {
    let text = text.trim_start_matches([' ', '\t']);
    let name_end = text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))?;
    let (name, rest) = text.split_at(name_end);
    let rest = rest.trim_start_matches([' ', '\t']).strip_prefix('"')?;
    let mut value = String::new();
    let mut chars = rest.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => value.extend(chars.next().map(|(_, c)| c)),
            '"' => {
                let after = rest[i + 1..].trim_start_matches([' ', '\t']).strip_prefix(']')?;
                return (!name.is_empty()).then(|| ((name.to_owned(), value), after));
            }
            '\n' => return None,
            c => value.push(c),
        }
    }
    None
}

/// Reads a record of the game `G`: a record with no `Game` tag (a PDN from another program)
/// is taken to be of this game. The turns are replayed through the rules; an ending the rules
/// did not make (a resignation, an agreed draw) comes from the `Result` tag. `fresh_seed`
/// shuffles what the record does not show (a dark-chess game shared while in progress).
pub fn read<G: Recorded>(text: &str, fresh_seed: u64) -> Result<History<G>, RecordError> {
    let parts = split(text)?;
    let turns = parts.check(G::SLUG)?;
    let start = G::read_start(&parts.tags, &turns, fresh_seed)
        .map_err(|error| RecordError { line: 1, problem: Problem::Tag(error) })?;
    let mut history = History::starting_from(start);
    parts.replay(&mut history, G::RESULT_ORDER)?;
    Ok(history)
}

/// Plays a whole turn as a public record writes it (a flip with what it showed) on a game read
/// from one, as a device following a game played elsewhere does; whether it could. Where the
/// rules hide pieces, the start read is only a guess at them: a turn that shows a piece the
/// guess put elsewhere reads the game again from its turns, the guess mended.
pub fn play_public<G: Recorded>(history: &mut History<G>, token: &str) -> bool {
    if history.over() {
        return false;
    }
    // Tried on the position alone first: the history is not copied (a long game's cost).
    if let Some(legs) = history.current().read_turn(token) {
        let mut position = history.current().clone();
        if legs.iter().all(|&leg| position.play(leg).is_ok()) && !position.mid_move() {
            return legs.into_iter().all(|leg| history.play(leg).is_ok());
        }
    }
    let mut tokens = turn_texts(history);
    tokens.push(token.to_owned());
    let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
    let tags =
        Tags(G::start_tags(history.start(), false).into_iter().map(|(n, v)| (n.to_owned(), v)).collect());
    let Ok(start) = G::read_start(&tags, &tokens, 0) else { return false };
    let mut again = History::starting_from(start);
    if tokens.iter().all(|token| !again.over() && again.play_token(token)) && !again.mid_move() {
        *history = again;
        return true;
    }
    false
}

/// A game being rebuilt from a record, its type erased: the reading of records is compiled
/// once, not for every game.
trait Rebuild {
    /// Plays the turn, or its first actions, that a token names; `false` if it names none.
    fn play_token(&mut self, token: &str) -> bool;
    fn over(&self) -> bool;
    fn mid_move(&self) -> bool;
    fn conclude(&mut self, conclusion: Conclusion);
}

impl<G: Recorded> Rebuild for History<G> {
    fn play_token(&mut self, token: &str) -> bool {
        let Some(legs) = self.current().read_turn(token) else { return false };
        legs.into_iter().all(|leg| self.play(leg).is_ok())
    }

    fn over(&self) -> bool {
        History::over(self)
    }

    fn mid_move(&self) -> bool {
        self.current().mid_move()
    }

    fn conclude(&mut self, conclusion: Conclusion) {
        // Refused only once the game is over, which it is not when this is called.
        let _ = History::conclude(self, conclusion);
    }
}

impl Parts<'_> {
    /// The turn tokens, once the record is known to be one, of the game `name`.
    fn check(&self, name: &str) -> Result<Vec<&str>, RecordError> {
        let at_tags = RecordError { line: 1, problem: Problem::Empty };
        if self.tags.0.is_empty() && self.tokens.is_empty() && self.result.is_none() {
            return Err(at_tags);
        }
        if let Some(other) = self.tags.get("Game").filter(|&game| game != name) {
            return Err(RecordError { problem: Problem::OtherGame(other.to_owned()), ..at_tags });
        }
        Ok(self.tokens.iter().map(|&(token, _)| token).collect())
    }

    /// Plays the turns on `game`, then the result the rules did not reach, its scores listed
    /// in `order`.
    fn replay(&self, game: &mut dyn Rebuild, order: [Player; 2]) -> Result<(), RecordError> {
        let mut turn = 1;
        for &(token, line) in &self.tokens {
            let text = token.to_owned();
            if game.over() {
                return Err(RecordError { line, problem: Problem::AfterEnd { turn, text } });
            }
            if !game.play_token(token) {
                return Err(RecordError { line, problem: Problem::Move { turn, text } });
            }
            if !game.mid_move() {
                turn += 1;
            }
        }
        if game.over() || game.mid_move() {
            return Ok(());
        }
        let [listed_first, listed_second] = order;
        // The loser resigned, unless the record says their time ran out or they left.
        let lost = |loser| match self.tags.get("Termination").and_then(Termination::from_name) {
            Some(Termination::TimeForfeit) => Conclusion::TimeForfeit(loser),
            Some(Termination::Abandoned) => Conclusion::Abandoned(loser),
            _ => Conclusion::Resigned(loser),
        };
        let termination = self.tags.get("Termination").and_then(Termination::from_name);
        let conclusion = match self.result.or(self.tags.get("Result")) {
            Some("1-0" | "2-0") => lost(listed_second),
            Some("0-1" | "0-2") => lost(listed_first),
            Some("1/2-1/2" | "1-1") if termination == Some(Termination::Abandoned) => Conclusion::DrawClaimed,
            Some("1/2-1/2" | "1-1") => Conclusion::DrawAgreed,
            _ if termination == Some(Termination::Aborted) => Conclusion::Aborted,
            _ => return Ok(()),
        };
        game.conclude(conclusion);
        Ok(())
    }
}

/// The actions of `legs` one by one in the game's notation, from `from`: the part of a turn
/// being made, written so that each action reads back exactly (a turn's notation may leave an
/// action out, as a chain ended by choice).
pub fn write_legs<G: Game>(from: &G, legs: &[G::Move]) -> Vec<String> {
    let mut position = from.clone();
    legs.iter()
        .map(|leg| {
            let text = position.notation(leg);
            let _ = position.play(*leg);
            text
        })
        .collect()
}

/// Reads [`write_legs`] back from `from`, each action checked by the rules.
pub fn read_legs<G: Game>(from: &G, texts: &[String]) -> Result<Vec<G::Move>, (usize, Illegal)> {
    let mut position = from.clone();
    let mut legs = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let leg = position.parse_move(text).map_err(|_| (i, Illegal::NotAllowed))?;
        position.play(leg).map_err(|reason| (i, reason))?;
        legs.push(leg);
    }
    Ok(legs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::connect_four::{ConnectFour, history_of};

    #[test]
    fn a_timed_game_keeps_its_clocks() {
        let control = TimeControl::Fischer { base: 180, increment: 2 };
        let timing = Timing { control, clocks: vec![181_000, 175_500, 3_600_000] };
        let history = history_of(&[3, 4, 3]);
        let text = write(&history, &Header { timing: timing.clone(), ..Header::default() });
        assert!(text.contains("[TimeControl \"180+2\"]\n"), "{text}");
        assert!(text.contains("1. 4 {[%clk 0:03:01]} 5 {[%clk 0:02:56]} 2. 4 {[%clk 1:00:00]} *"), "{text}");
        assert_eq!(read::<ConnectFour>(&text, 0).unwrap(), history);
        // Read back to the second (a comment's time is rounded up to it).
        let read_back = read_timing(&text);
        assert_eq!(read_back.control, control);
        assert_eq!(read_back.clocks, vec![181_000, 176_000, 3_600_000]);
        // Other comments, and clocks inside variations, are not clocks.
        let other = read_timing(
            "[TimeControl \"-\"] 1. 4 {good} 5 ({[%clk 0:00:09]} 6) {[%eval 0.3] [%clk 0:00:05]} *",
        );
        assert_eq!(other, Timing { control: TimeControl::Untimed, clocks: vec![5_000] });
        assert!(!write(&history, &Header::default()).contains("clk"));
        assert_eq!(read_timing("{"), Timing::default());
    }

    #[test]
    fn an_analysis_keeps_its_evaluations_and_glyphs() {
        let history = history_of(&[3, 4, 3, 0]);
        let note = |glyph: Option<&str>, eval: &str| Annotation {
            glyph: glyph.map(str::to_owned),
            eval: Some(eval.to_owned()),
        };
        let annotations = vec![
            note(None, "0.35"),
            note(Some("?!"), "-0.10"),
            note(Some("??"), "#-7"),
            note(Some("?"), "#6"),
        ];
        let timing =
            Timing { control: TimeControl::Fischer { base: 60, increment: 0 }, clocks: vec![60_000] };
        let text = write(&history, &Header { annotations: annotations.clone(), timing, ..Header::default() });
        assert!(
            text.contains("1. 4 {[%eval 0.35] [%clk 0:01:00]} 5?! {[%eval -0.10]} 2. 4?? {[%eval #-7]} 1? {[%eval #6]} *"),
            "{text}"
        );
        assert_eq!(read::<ConnectFour>(&text, 0).unwrap(), history);
        assert_eq!(read_annotations(&text), annotations);
        assert_eq!(read_timing(&text).clocks, [60_000]);
        // Lichess's spacing, and what is not a glyph or an evaluation, read as nothing.
        let read_back = read_annotations("1. 4!! { [%eval 1.5] } 5 {[%eval mate]} 2. 4!?! *");
        assert_eq!(read_back[0], Annotation { glyph: Some("!!".into()), eval: Some("1.5".into()) });
        assert_eq!(read_back[1], Annotation::default());
        assert_eq!(read_back[2].glyph, None);
        // Only what reads back is written.
        let odd = vec![Annotation { glyph: Some("}".into()), eval: Some("]} 9".into()) }];
        let text = write(&history_of(&[3]), &Header { annotations: odd, ..Header::default() });
        assert!(text.ends_with("\n1. 4 *\n"), "{text}");
    }

    #[test]
    fn an_end_keeps_its_reason_in_the_record() {
        let won = history_of(&[0, 1, 0, 1, 0, 1, 0]);
        let text = write(&won, &Header::default());
        assert!(text.contains("[Result \"1-0\"]\n[Termination \"rules\"]\n"), "{text}");
        assert!(!write(&history_of(&[3]), &Header::default()).contains("Termination"));
        for conclusion in [
            Conclusion::Resigned(Player::First),
            Conclusion::DrawAgreed,
            Conclusion::TimeForfeit(Player::First),
            Conclusion::Abandoned(Player::Second),
            Conclusion::DrawClaimed,
            Conclusion::Aborted,
        ] {
            let mut ended = history_of(&[3, 4]);
            ended.conclude(conclusion).unwrap();
            let text = write(&ended, &Header::default());
            let tag = format!("[Termination \"{}\"]", conclusion.termination().name());
            assert!(text.contains(&tag), "{text}");
            assert_eq!(read::<ConnectFour>(&text, 0).unwrap(), ended, "{text}");
            // A link says only what its result would not: a loss on time or by leaving.
            let short = write_short(&ended);
            let said = matches!(
                conclusion,
                Conclusion::TimeForfeit(_)
                    | Conclusion::Abandoned(_)
                    | Conclusion::DrawClaimed
                    | Conclusion::Aborted
            );
            assert_eq!(short.contains(&tag), said, "{short}");
            assert_eq!(read::<ConnectFour>(&short, 0).unwrap(), ended, "{short}");
        }
        // A result without the tag is a resignation; a tag the rules contradict, or that is
        // unknown, is not read.
        let resigned = read::<ConnectFour>("1. 4 1-0", 0).unwrap();
        assert_eq!(resigned.conclusion(), Some(Conclusion::Resigned(Player::Second)));
        let odd = read::<ConnectFour>("[Termination \"nap\"]\n1. 4 0-1", 0).unwrap();
        assert_eq!(odd.conclusion(), Some(Conclusion::Resigned(Player::First)));
        let text = "[Termination \"time-forfeit\"]\n1. 1 2 2. 1 2 3. 1 2 4. 1 1-0";
        let ruled = read::<ConnectFour>(text, 0).unwrap();
        assert_eq!((ruled.conclusion(), ruled.termination()), (None, Some(Termination::Rules)));
    }

    #[test]
    fn tokens_lose_numbers_and_annotations() {
        for (token, part) in
            [("12.", ""), ("12...", ""), ("1.4", "4"), ("11-15!", "11-15"), ("b3?b2=k", "b3?b2=k")]
        {
            assert_eq!(move_part(token), part, "{token}");
        }
        assert_eq!(move_part("9-14?!"), "9-14");
    }

    #[test]
    fn tags_read_with_escapes() {
        let ((name, value), rest) = read_tag(r#"Event "a \"b\" \\ c"] x"#).unwrap();
        assert_eq!((name.as_str(), value.as_str(), rest), ("Event", r#"a "b" \ c"#, " x"));
        for bad in ["Event \"x", "Event x\"]", "\"x\"]", "Event \"x\"", "Event \"x\ny\"]"] {
            assert_eq!(read_tag(bad), None, "{bad}");
        }
    }

    #[test]
    fn comments_variations_and_results_are_skipped() {
        let parts = split("[A \"1\"]\n1. 4 {a\ncomment} 4 (2. 3 (3 4) 3) ; rest\n2. 5 $1 1-0 6").unwrap();
        let tokens: Vec<_> = parts.tokens.iter().map(|&(t, l)| (t, l)).collect();
        assert_eq!(tokens, [("4", 2), ("4", 3), ("5", 4)]);
        assert_eq!(parts.result, Some("1-0"));
        assert_eq!(parts.tags.get("A"), Some("1"));
        for unclosed in ["{", "(1. 4", "[A \"1\""] {
            assert!(matches!(split(unclosed), Err(RecordError { problem: Problem::Unclosed, .. })));
        }
    }
}
