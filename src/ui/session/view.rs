//! What the screen shows of a session: the board, and the summary beside it.

use super::Session;
use super::review::reviewed_board;
use crate::i18n::{GameText, Side};
use crate::route::Route;
use crate::rules::record::{self, Header, Timing};
use crate::rules::{Conclusion, Outcome, Player, Termination};
use crate::ui::flow::{Flow, TurnState};
use crate::ui::model::BoardView;
use crate::ui::model::{
    AnalysisPanel, ClockPanel, Ended, MoveEntry, Notices, OnlinePanel, OpponentPanel, RecordPanel, Rival,
    RulesPanel, Scene, Status, Summary, UiGame,
};
use std::rc::Rc;

impl<G: UiGame> Session<G> {
    pub fn board(&self, text: &GameText) -> BoardView {
        if let Some(board) = self.analysis_board(text) {
            return board;
        }
        if let (history, Some(shown)) = self.shown() {
            return reviewed_board(history, shown, text);
        }
        // The moves that led here: the history's, then the actions of the turn being made.
        let moves: Vec<G::Move> =
            self.game.history.move_list().iter().chain(&self.game.pending).copied().collect();
        let scene =
            Scene { legal: &self.game.legal, moves: &moves, turn: self.game.turn(), path: self.path() };
        let mut board = self.game.position.view(&scene, text);
        board.tap_again = text.tap_again;
        // The engine's suggestion: its cells marked, where they carry no mark of their own.
        let mut hinted = self.game.position.clone();
        for leg in &self.computer.hint {
            for (x, y) in hinted.touches(leg) {
                if let Some(cell) = board.cells.get_mut(y * board.columns + x) {
                    cell.mark = cell.mark.or(Some("hint"));
                }
            }
            let _ = hinted.play(*leg);
        }
        if self.game.complete() || !self.may_play() {
            // The turn is made (nothing more to play until it is finished or cleared), or it is
            // another device's turn.
            board.moves.clear();
            board.prompts.clear();
            board.targets.clear();
            board.hand = None;
        }
        board
    }

    /// What the screen shows beside the board; `today` dates the record (`2026.11.23`).
    pub fn summary(&self, text: &GameText, today: &str) -> Summary {
        let (history, shown) = self.shown();
        let game = history.current();
        // An aborted game is over with no result.
        let ended = history.over().then(|| match history.outcome() {
            Some(Outcome::Win(player)) => Ended::Winner(game.side(player)),
            Some(Outcome::Draw) => Ended::Draw,
            None => Ended::NoResult,
        });
        let ending = match history.conclusion() {
            Some(Conclusion::Resigned(player)) => (text.resigned)((text.side)(game.side(player))),
            Some(Conclusion::DrawAgreed) => text.draw_agreed.to_owned(),
            Some(Conclusion::TimeForfeit(player)) => (text.out_of_time)((text.side)(game.side(player))),
            Some(Conclusion::Abandoned(player)) => (text.abandoned)((text.side)(game.side(player))),
            Some(Conclusion::DrawClaimed) => text.draw_claimed.to_owned(),
            Some(Conclusion::Aborted) => text.aborted.to_owned(),
            None if history.repeated() => text.repetition.to_owned(),
            None => game.ending(text),
        };
        let turns = history.turns();
        // A game opened from a link is only looked at: nothing of it is taken back.
        let own = self.review.shared.is_none();
        let can_undo = own
            && match &self.online.playing {
                Some(online) => {
                    online.may_ask_takeback(turns.len(), ended.is_none() && self.game.pending.is_empty())
                }
                None if self.game.pending.is_empty() => history.can_undo(),
                None => self.game.can_take_back,
            };
        let undo_note = if can_undo || !own || self.online.playing.is_some() || history.conclusion().is_some()
        {
            None
        } else if let Some((last, before)) = self.game.pending.split_last() {
            // The last action of the turn being made, from the position before it.
            let mut position = history.current().clone();
            for leg in before {
                let _ = position.play(*leg);
            }
            position.irreversible(std::slice::from_ref(last), text)
        } else {
            turns.last().and_then(|(before, legs)| before.irreversible(legs, text))
        };
        let said = turns.last().map(|(before, legs)| before.said(legs, game, text));
        // The clocks of the game shown: a link's game keeps none.
        let timing = if self.review.shared.is_some() { &Timing::default() } else { &self.game.timing };
        let movers: Vec<Player> = turns.iter().map(|(before, _)| before.to_move()).collect();
        let judgements = self.judgements();
        let moves: Vec<MoveEntry> = turns
            .into_iter()
            .enumerate()
            // Named as the sides are now: a dark-chess player's colour is known only after the
            // first flip.
            .map(|(index, (before, legs))| MoveEntry {
                side: game.side(before.to_move()),
                notation: before.turn_notation(legs),
                clock: timing.clocks.get(index).copied(),
                judgement: judgements.get(index).copied().flatten(),
            })
            .collect();
        let total = moves.len();
        let sides = [game.side(Player::First), game.side(Player::Second)];
        // The live clocks online; under review, or for a record's game, as the record keeps them.
        let live_clocks =
            self.online.playing.as_ref().filter(|_| shown.is_none()).and_then(|o| o.clocks(sides));
        let clocks = live_clocks.or_else(|| recorded_clocks(timing, &movers, shown.unwrap_or(total), sides));
        let complete = self.game.complete();
        let scene = Scene { legal: &self.game.legal, moves: &[], turn: self.game.turn(), path: &[] };
        let turn =
            TurnState { pending: !self.game.pending.is_empty(), complete, has_previous: history.ply() > 0 };
        let seat = self.online.playing.as_ref().and_then(|online| online.seat);
        Summary {
            status: Status {
                to_move: game.side(game.to_move()),
                ended,
                ending,
                phase: self.game.position.phase(),
                detail: if complete {
                    Some(text.finish_or_clear.to_owned())
                } else {
                    self.game.position.detail(&scene, text)
                },
                said,
                thinking: self.computer_to_move(),
                // The page knows whether the engine is in; it says so over this.
                fetching_engine: false,
                review: shown.map(|shown| (shown, total)),
                reason: history.termination().filter(|_| ended.is_some()).map(reason),
                seat: seat.map(|seat| game.side(seat)),
                facing: match (&self.online.playing, self.computer.opponent.computer) {
                    (Some(_), _) => seat.map(|seat| (game.side(seat), Rival::Online)),
                    (None, Some(computer)) => Some((game.side(computer.opponent()), Rival::Computer)),
                    (None, None) => None,
                },
                undo_note,
                waiting_for_opponent: self
                    .online
                    .playing
                    .as_ref()
                    .is_some_and(|online| online.waiting_for_opponent(ended.is_none())),
                missing_room: self.online.playing.as_ref().is_some_and(super::online::Online::missing_room),
            },
            can_undo,
            can_redo: own
                && self.online.playing.is_none()
                && self.game.pending.is_empty()
                && history.can_redo(),
            moves,
            notices: Notices {
                refusal: self.turn.refusal,
                overtaken: self.turn.overtaken,
                load_error: self.storage.load_error.clone(),
                storage_problem: self.storage.problem,
                engine_failed: self.computer.engine_failed.clone(),
                record_error: self.review.record_error.clone(),
            },
            rules: RulesPanel {
                info: game.info(text, self.computer.opponent),
                settings: G::settings(game.config(), text.lang).into_iter().map(|rule| rule.shown).collect(),
            },
            flow: self.turn.flow.panel(turn, text).filter(|_| ended.is_none()),
            trays: game.trays(text),
            commands: self
                .game
                .position
                .commands(&self.game.legal, text)
                .into_iter()
                .map(|(command, _)| command)
                .collect(),
            record: RecordPanel {
                // Written for anyone to see: a dark-chess shuffle only once the game is over.
                text: record::write(
                    history,
                    &Header {
                        date: Some(today.to_owned()),
                        reveal: false,
                        timing: timing.clone(),
                        annotations: self.annotations(),
                        origin: self.game.origin.clone().filter(|_| self.review.shared.is_none()),
                        ..Header::default()
                    },
                ),
                link: Route::record(G::ID, record::write_short(history)).hash()
                    // An analysed game's link asks the receiver's page to analyse it too.
                    + if self.analysed() { "&analysis=1" } else { "" },
                // The question to continue it or keep one's own: not for a kept game.
                shared: self.review.shared.is_some() && !self.review.kept,
                // `checkers-2026-11-23.pdn`: the game and today's date.
                file_name: format!("{}-{}.{}", G::SLUG, today.replace('.', "-"), G::FILE_EXTENSION),
            },
            opponent: OpponentPanel {
                opponent: self.computer.opponent,
                sides: [game.side(Player::First), game.side(Player::Second)],
                can_hint: ended.is_none()
                    && self.game.pending.is_empty()
                    && !self.computer_to_move()
                    && self.computer.opponent.computer != Some(game.to_move()),
            },
            online: self.online.playing.as_ref().map(|online| {
                let muted =
                    online.opponent_id().is_some_and(|id| self.online_choice.muted.iter().any(|m| m == id));
                OnlinePanel {
                    muted,
                    ..online.panel(sides, total, ended.is_none(), self.game.position.to_move())
                }
            }),
            clocks,
            analysis: self.analysis_panel(text).map(|panel| {
                let can_continue = panel.can_continue && self.online.playing.is_none();
                Rc::new(AnalysisPanel { can_continue, ..panel })
            }),
        }
    }
}

/// The clocks a record keeps, as they stood after the first `shown` turns (`movers` says who
/// made each): each side's time after its last turn, else its time at the start. `None` for a
/// game with no clocks.
fn recorded_clocks(timing: &Timing, movers: &[Player], shown: usize, sides: [Side; 2]) -> Option<ClockPanel> {
    if timing.clocks.is_empty() && timing.control.start_ms().is_none() {
        return None;
    }
    let left = |player: Player| {
        let mut made = movers.iter().zip(&timing.clocks).take(shown).filter(|(mover, _)| **mover == player);
        made.next_back().map(|(_, &ms)| ms).or(timing.control.start_ms())
    };
    Some(ClockPanel {
        sides,
        ms: [left(Player::First), left(Player::Second)],
        running: None,
        at: 0,
        own: None,
    })
}

/// How a game ended, in the contract's words (`[data-status][data-reason]`).
fn reason(termination: Termination) -> &'static str {
    match termination {
        Termination::Rules => "rules",
        Termination::Resignation => "resign",
        Termination::Agreement => "agreement",
        Termination::Repetition => "repetition",
        Termination::QuietMoves => "quiet",
        Termination::TimeForfeit => "time",
        Termination::Abandoned => "abandon",
        Termination::Aborted => "aborted",
    }
}
