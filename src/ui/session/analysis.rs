//! The analysis board's side of a session: what the engine found in each position of the game
//! shown (from storage, the worker, or a record's marks), turned into the panel beside the
//! board, the judgements in the move list, the best move on the board, a preview of the best
//! line, and a new game from any position.

use super::Session;
use super::review::reviewed_board;
use crate::engine::Score;
use crate::engine::analysis::{
    Judgement, Review, accuracy, eval_text, flipped, losses, read_eval, review, win_chance,
};
use crate::i18n::GameText;
use crate::route::Route;
use crate::rules::record;
use crate::rules::{History, Outcome, Player, read_announced};
use crate::ui::model::BoardView;
use crate::ui::model::{AnalysisNews, AnalysisPanel, Scene, Stored, UiGame, analysis_key, column_value};
use std::rc::Rc;

/// The analysis: its code, once fetched (until then the game shows none), and the latest
/// analysis, which is the game shown's while its key is that game's.
#[derive(Clone, PartialEq)]
pub(super) struct Analysing<G: UiGame> {
    pub(super) code: Option<Code<G>>,
    pub(super) latest: Analysis,
}

impl<G: UiGame> Default for Analysing<G> {
    fn default() -> Self {
        Analysing { code: None, latest: Analysis::default() }
    }
}

/// The analysis of a game, as far as it goes.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Analysis {
    /// The storage key of the game it is of ([`analysis_key`]).
    key: String,
    /// What storage held has been read.
    loaded: bool,
    stored: Rc<Stored>,
    /// The worker is analysing the game.
    running: bool,
    /// How many turns of the best line are played out on the board.
    preview: usize,
}

/// What the page hears for the analysis.
pub enum AnalysisAction {
    /// Storage's analysis of a game, read.
    Loaded { key: String, stored: Stored },
    /// The worker's finding for a game.
    News { key: String, news: AnalysisNews },
}

/// What the page needs to know to keep the analysis going: the game shown's storage key,
/// whether storage was read for it, whether it is to be analysed, and what it has.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisInfo {
    /// The game shown could use the analysis's code: it is over, a record brought marks for
    /// it, or it is being analysed.
    pub wanted: bool,
    pub key: String,
    pub loaded: bool,
    pub running: bool,
    pub stored: Rc<Stored>,
}

/// What the analysis made of a game: the first player's chance in each position, each turn's
/// judgement, each player's accuracy, and how many positions it has.
struct Judged {
    chances: Vec<f64>,
    judgements: Vec<Option<Judgement>>,
    accuracy: [Option<f64>; 2],
}

/// The analysis's code for `G` that a game's page needs only once a game ends or a record
/// brings marks (judging the turns, the panel, the board's marks, the tools): split off the
/// game's binary at its `page!` and handed to the session once fetched. Until then the game
/// shows no analysis.
pub struct AnalysisCode<G: UiGame> {
    requests: fn(&Session<G>) -> Vec<String>,
    take: fn(&mut Session<G>, AnalysisAction),
    branch: fn(&Session<G>) -> (History<G>, String),
    judgements: fn(&Session<G>) -> Vec<Option<Judgement>>,
    annotations: fn(&Session<G>) -> Vec<record::Annotation>,
    panel: fn(&Session<G>, &GameText) -> Option<AnalysisPanel>,
    board: fn(&Session<G>, &GameText) -> Option<BoardView>,
}

impl<G: UiGame> AnalysisCode<G> {
    pub const CODE: AnalysisCode<G> = AnalysisCode {
        requests: Session::every_position_request,
        take: Session::take_analysis_news,
        branch: Session::branch_from_shown,
        judgements: Session::judged_turns,
        annotations: Session::found_annotations,
        panel: Session::judged_panel,
        board: Session::board_with_best_line,
    };
}

/// The analysis's code, once fetched: one for the game, so compared by where it is.
pub struct Code<G: UiGame>(&'static AnalysisCode<G>);

impl<G: UiGame> Clone for Code<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: UiGame> Copy for Code<G> {}

impl<G: UiGame> PartialEq for Code<G> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl<G: UiGame> Session<G> {
    /// Whether the analysis's code is here.
    pub fn analysis_here(&self) -> bool {
        self.analysis.code.is_some()
    }

    /// The storage key of the analysis of the game shown.
    pub fn analysis_key(&self) -> String {
        analysis_key(G::SLUG, &record::write_short(self.shown().0))
    }

    /// The analysis of the game shown, if it is of that game.
    fn analysis_of_shown(&self) -> Option<&Analysis> {
        Some(&self.analysis.latest).filter(|a| a.key == self.analysis_key())
    }

    pub fn analysis_info(&self) -> AnalysisInfo {
        let key = self.analysis_key();
        let of_shown = Some(&self.analysis.latest).filter(|a| a.key == key);
        AnalysisInfo {
            wanted: self.shown().0.outcome().is_some()
                || of_shown.is_some_and(|a| a.running || !a.stored.notes.is_empty()),
            loaded: of_shown.is_some_and(|a| a.loaded),
            running: of_shown.is_some_and(|a| a.running),
            stored: of_shown.map(|a| a.stored.clone()).unwrap_or_default(),
            key,
        }
    }

    /// Every position's request for the analysis of the game shown, the start first, each as
    /// text with the position's index as its id (none until the analysis's code is here).
    pub fn analysis_requests(&self) -> Vec<String> {
        self.analysis.code.map_or_else(Vec::new, |code| (code.0.requests)(self))
    }

    fn every_position_request(&self) -> Vec<String> {
        let history = self.shown().0;
        let turns = record::turn_texts(history);
        let rules = G::reseed(history.current().config(), 0);
        let mut request = crate::engine::messages::Request {
            id: 0,
            game: G::SLUG.to_owned(),
            config: crate::codec::write(&rules),
            moves: Vec::new(),
            level: crate::engine::LEVELS,
            seed: 0,
            movetime: Some(crate::engine::analysis::MOVETIME_MS),
            solve: false,
            analyse: true,
            start: history.start().setup(),
        };
        (0..=turns.len())
            .map(|i| {
                request.id = i as u64;
                request.moves = turns[..i].to_vec();
                request.to_text()
            })
            .collect()
    }

    /// The side to move in the position shown.
    pub fn shown_to_move(&self) -> Player {
        let (history, shown) = self.shown();
        let turns = history.turns();
        turns.get(shown.unwrap_or(turns.len())).map_or(history.current(), |(before, _)| *before).to_move()
    }

    /// The analysis's code, fetched.
    pub(super) fn take_analysis_code(&mut self, code: &'static AnalysisCode<G>) {
        self.analysis.code = Some(Code(code));
    }

    /// Storage read, or a finding (which come only once the analysis's code is here).
    pub(super) fn take_analysis(&mut self, action: AnalysisAction) {
        if let Some(code) = self.analysis.code {
            (code.0.take)(self, action);
        }
    }

    fn take_analysis_news(&mut self, action: AnalysisAction) {
        let key = self.analysis_key();
        let analysis = &mut self.analysis.latest;
        if analysis.key != key {
            *analysis = Analysis { key: key.clone(), ..Analysis::default() };
        }
        match action {
            AnalysisAction::Loaded { key: loaded, stored } if loaded == key => {
                // A record's marks not yet kept stay.
                let notes =
                    if stored.notes.is_empty() { analysis.stored.notes.clone() } else { stored.notes };
                analysis.stored = Rc::new(Stored { found: stored.found, notes });
                analysis.loaded = true;
            }
            AnalysisAction::News { key: of, news: AnalysisNews::Found(index, found) } if of == key => {
                let stored = Rc::make_mut(&mut analysis.stored);
                if index == stored.found.len() {
                    stored.found.push(found);
                }
            }
            AnalysisAction::News { key: of, news: AnalysisNews::Failed } if of == key => {
                analysis.running = false
            }
            _ => {}
        }
        let positions = self.shown().0.turns().len() + 1;
        if self.analysis.latest.stored.found.len() >= positions {
            self.analysis.latest.running = false;
        }
    }

    /// A record's marks, read with the game it brought: shown until an analysis replaces them.
    /// A record with none (its turns read as empty notes, a clock comment is not a mark) brings
    /// no analysis.
    pub fn imported(&mut self, text: &str) {
        let notes = record::read_annotations(text);
        if notes.iter().any(|note| note.glyph.is_some() || note.eval.is_some()) {
            let stored = Rc::new(Stored { found: Vec::new(), notes });
            self.analysis.latest = Analysis { key: self.analysis_key(), stored, ..Analysis::default() };
        }
    }

    /// Analyse (a finished game only, and only what is not yet analysed), or stop.
    pub(super) fn analyse(&mut self, run: bool) {
        let finished = self.shown().0.outcome().is_some();
        let key = self.analysis_key();
        if self.analysis.latest.key != key {
            self.analysis.latest = Analysis { key, ..Analysis::default() };
        }
        self.analysis.latest.running = run && finished;
    }

    /// Plays out the first `turns` of the best line on the board, without changing the game.
    pub(super) fn preview(&mut self, turns: usize) {
        self.analysis.latest.preview = turns;
    }

    pub(super) fn end_preview(&mut self) {
        self.analysis.latest.preview = 0;
    }

    /// A new game from the position shown: the game's turns up to it, and where it came from
    /// (asked for from the analysis's panel, so once its code is here).
    pub(super) fn branch(&self) -> Option<(History<G>, String)> {
        self.analysis.code.map(|code| (code.0.branch)(self))
    }

    fn branch_from_shown(&self) -> (History<G>, String) {
        let (history, shown) = self.shown();
        let turns = history.turns();
        let kept = shown.unwrap_or(turns.len()).min(turns.len());
        let mut branch = History::starting_from(history.start().clone());
        for (_, legs) in &turns[..kept] {
            for leg in *legs {
                let _ = branch.play(*leg);
            }
        }
        let link = Route::record(G::ID, record::write_short(history)).hash();
        (branch, format!("{link} after move {kept}"))
    }

    /// The finding of the position after `index` turns of the game shown, if analysed.
    fn found(&self, index: usize) -> Option<&crate::engine::analysis::Found> {
        self.analysis_of_shown()?.stored.found.get(index)?.as_ref()
    }

    /// Who is to move in each position of the game shown, the start first.
    fn movers(history: &History<G>) -> Vec<Player> {
        let turns = history.turns();
        turns.iter().map(|(before, _)| before.to_move()).chain([history.current().to_move()]).collect()
    }

    /// The analysis's judgement of the game shown: from the engine's findings, else from a
    /// record's marks; `None` when there is neither.
    fn judged(&self) -> Option<Judged> {
        let analysis = self.analysis_of_shown()?;
        let history = self.shown().0;
        let movers = Self::movers(history);
        let found = &analysis.stored.found;
        if !found.is_empty() {
            let current = history.current();
            let end = match history.outcome() {
                Some(Outcome::Win(winner)) if winner == current.to_move() => Score::Win(0),
                Some(Outcome::Win(_)) => Score::Loss(0),
                _ => Score::Value(0),
            };
            let count = found.len().min(movers.len());
            let Review { chances, judgements, accuracy } =
                review(G::ID, &found[..count], &movers[..count], end);
            return Some(Judged { chances, judgements, accuracy });
        }
        let notes = &analysis.stored.notes;
        if notes.is_empty() {
            return None;
        }
        // A record's evaluations are the first player's; a turn without one keeps the last.
        let mut scores = vec![Score::Value(0)];
        for turn in 0..movers.len() - 1 {
            let eval = notes.get(turn).and_then(|n| read_eval(n.eval.as_deref()?));
            scores.push(eval.unwrap_or(scores[turn]));
        }
        let chances: Vec<f64> = scores.iter().map(|&score| win_chance(G::ID, score)).collect();
        let judgements =
            (0..movers.len() - 1).map(|t| Judgement::from_glyph(notes.get(t)?.glyph.as_deref()?)).collect();
        let evaluated = notes.iter().any(|n| n.eval.is_some());
        let turns = losses(G::ID, &scores, &movers[..movers.len() - 1]);
        let accuracy = if evaluated { accuracy(&chances, &turns) } else { [None, None] };
        Some(Judged { chances, judgements, accuracy })
    }

    /// Each turn's judgement, for the move list (none until the analysis's code is here).
    pub(super) fn judgements(&self) -> Vec<Option<Judgement>> {
        self.analysis.code.map_or_else(Vec::new, |code| (code.0.judgements)(self))
    }

    fn judged_turns(&self) -> Vec<Option<Judgement>> {
        self.judged().map(|judged| judged.judgements).unwrap_or_default()
    }

    /// The analysis as a record keeps it: each turn's glyph, and the evaluation after it from
    /// the first player's side.
    pub(super) fn annotations(&self) -> Vec<record::Annotation> {
        let Some(analysis) = self.analysis_of_shown() else { return Vec::new() };
        if analysis.stored.found.is_empty() {
            return analysis.stored.notes.clone();
        }
        self.analysis.code.map_or_else(Vec::new, |code| (code.0.annotations)(self))
    }

    fn found_annotations(&self) -> Vec<record::Annotation> {
        let movers = Self::movers(self.shown().0);
        let judgements = self.judged_turns();
        (1..movers.len())
            .map(|after| record::Annotation {
                glyph: judgements.get(after - 1).copied().flatten().map(|j| j.glyph().to_owned()),
                eval: self.found(after).map(|found| {
                    let first = movers[after] == Player::First;
                    eval_text(if first { found.score } else { flipped(found.score) })
                }),
            })
            .collect()
    }

    /// Whether the game shown is completely analysed.
    pub(super) fn analysed(&self) -> bool {
        let positions = self.shown().0.turns().len() + 1;
        self.analysis_of_shown().is_some_and(|a| a.stored.found.len() >= positions)
    }

    /// The panel beside the board, for a finished game or one a record brought marks for, once
    /// the analysis's code is here.
    pub(super) fn analysis_panel(&self, text: &GameText) -> Option<AnalysisPanel> {
        (self.analysis.code?.0.panel)(self, text)
    }

    fn judged_panel(&self, text: &GameText) -> Option<AnalysisPanel> {
        let (history, shown) = self.shown();
        let finished = history.outcome().is_some();
        let judged = self.judged();
        if !finished && judged.is_none() {
            return None;
        }
        let game = history.current();
        let total = history.turns().len() + 1;
        let at = shown.unwrap_or(total - 1);
        let analysis = self.analysis_of_shown();
        let done = analysis.map_or(0, |a| a.stored.found.len()).min(total);
        let running = analysis.is_some_and(|a| a.running);
        let state = if running {
            Some("running")
        } else if done >= total {
            Some("done")
        } else if done > 0 {
            Some("cancelled")
        } else {
            None
        };
        let movers = Self::movers(history);
        let mut counts = [[0; 3]; 2];
        let (chances, accuracy) = match judged {
            Some(Judged { chances, judgements, accuracy }) => {
                for (turn, judgement) in judgements.iter().enumerate() {
                    if let Some(judgement) = judgement {
                        let player = usize::from(movers[turn] == Player::Second);
                        counts[player][*judgement as usize] += 1;
                    }
                }
                (chances, accuracy)
            }
            None => (Vec::new(), [None, None]),
        };
        let found = self.found(at);
        let columns = found.map(|found| {
            let cells_left =
                reviewed_board(history, at, text).cells.iter().filter(|c| c.piece.is_none()).count();
            found.columns.iter().map(|&score| column_value(score, cells_left as u32)).collect()
        });
        Some(AnalysisPanel {
            state,
            can_analyse: finished && !running && done < total,
            done,
            total,
            sides: [game.side(Player::First), game.side(Player::Second)],
            chances,
            shown: at,
            pv: found.map(|found| found.pv.clone()).unwrap_or_default(),
            preview: analysis.map_or(0, |a| a.preview),
            proven: found.filter(|found| found.exact).and_then(|found| {
                let (word, plies) = column_value(Some(found.score), 0)?;
                Some((game.side(*movers.get(at)?), word, plies))
            }),
            columns: columns.unwrap_or_default(),
            counts,
            accuracy,
            // From an earlier position, or an end the rules did not make (a resignation, a
            // draw agreed): a board the rules have ended has nothing to play on from.
            can_continue: at + 1 < total || game.outcome().is_none(),
        })
    }

    /// The board while the analysis shows the position: the best line played out as far as
    /// the player asked, and the best turn from there marked. `None` where the analysis has
    /// nothing to show (or its code is not here).
    pub(super) fn analysis_board(&self, text: &GameText) -> Option<BoardView> {
        (self.analysis.code?.0.board)(self, text)
    }

    fn board_with_best_line(&self, text: &GameText) -> Option<BoardView> {
        let (history, shown) = self.shown();
        let turns = history.turns();
        let at = shown.unwrap_or(turns.len()).min(turns.len());
        let pv = &self.found(at)?.pv;
        let preview = self.analysis.latest.preview.min(pv.len());
        let mut board = if preview == 0 {
            if shown.is_none() && history.outcome().is_none() {
                return None;
            }
            reviewed_board(history, at, text)
        } else {
            let legs: usize = turns[..at].iter().map(|(_, legs)| legs.len()).sum();
            let mut position = turns.get(at).map_or(history.current(), |(before, _)| *before).clone();
            let mut moves = history.move_list()[..legs].to_vec();
            let mut last = Vec::new();
            for turn in &pv[..preview] {
                last = read_announced(&position, turn).ok()?;
                for leg in &last {
                    position.play(*leg).ok()?;
                }
                moves.extend(&last);
            }
            let scene = Scene { legal: &[], moves: &moves, turn: &last, path: &[] };
            let mut board = position.view(&scene, text);
            board.moves.clear();
            board.targets.clear();
            board.prompts.clear();
            board.hand = None;
            return Some(mark_best(board, &position, pv.get(preview)));
        };
        let position = turns.get(at).map_or(history.current(), |(before, _)| *before);
        board = mark_best(board, position, pv.first());
        Some(board)
    }
}

/// Marks the cells of `turn`, played from `position`, as the engine's best
/// (`data-mark="best"`), where they carry no mark of their own.
fn mark_best<G: UiGame>(mut board: BoardView, position: &G, turn: Option<&String>) -> BoardView {
    let legs = turn.and_then(|turn| read_announced(position, turn).ok()).unwrap_or_default();
    let mut played = position.clone();
    for leg in &legs {
        for (x, y) in played.touches(leg) {
            if let Some(cell) = board.cells.get_mut(y * board.columns + x) {
                cell.mark = cell.mark.or(Some("best"));
            }
        }
        let _ = played.play(*leg);
    }
    board
}
