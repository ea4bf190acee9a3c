//! Gomoku on the shared board: click a point, or drag a stone from the bowl onto it. Under
//! renju, black's forbidden points are marked and refused in words.

use super::board::{BoardAction, BoardView, CellView, Hand, Piece, Target};
use super::game::UiGame;
use super::screen::{Setting, SettingValue};
use crate::i18n::Text;
use crate::route::GameId;
use crate::rules::gomoku::{Config, Gomoku, Move, RuleSet, SIZE, point_at};
use crate::rules::{Game, Outcome, Player};

const RULE_SETS: [RuleSet; 3] = [RuleSet::Freestyle, RuleSet::Standard, RuleSet::Renju];

fn stone(side: &'static str) -> Piece {
    Piece { owner: side, kind: "stone", glyph: "", face_down: false }
}

fn rule_set_name(rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Freestyle => "freestyle",
        RuleSet::Standard => "standard",
        RuleSet::Renju => "renju",
    }
}

impl UiGame for Gomoku {
    const ID: GameId = GameId::Gomoku;
    const CANVAS: bool = true;
    const NUMBERED: bool = true;

    fn side(&self, player: Player) -> &'static str {
        match player {
            Player::First => "black",
            Player::Second => "white",
        }
    }

    fn view(&self, moves: &[Move], _turn: &[Move], _path: &[Move], text: &Text) -> BoardView {
        let last_point = moves.last().map(|Move::Place(p)| *p);
        let number = |at| moves.iter().position(|&Move::Place(p)| p == at).map(|i| i + 1);
        let in_play = self.outcome().is_none();
        let winning = self.winning_line();
        let mut cells = Vec::with_capacity(SIZE * SIZE);
        let mut targets = Vec::new();
        for y in 0..SIZE {
            for x in 0..SIZE {
                let at = point_at(x, y);
                let owner = self.stone(at).map(|p| self.side(p));
                let forbidden = in_play && owner.is_none() && self.is_forbidden(at);
                let content = match owner {
                    Some(side) => (text.stone)((text.side)(side)),
                    None if forbidden => text.forbidden_point.to_owned(),
                    None => text.empty.to_owned(),
                };
                cells.push(CellView {
                    piece: owner.map(stone),
                    label: format!("{}: {content}", self.notation(&Move::Place(at))),
                    last: last_point == Some(at),
                    highlight: winning.contains(&at),
                    mark: forbidden.then_some("forbidden"),
                    number: owner.and(number(at)),
                });
                // Forbidden points stay targets, so a try is refused in words.
                if owner.is_none() {
                    targets.push(Target { cell: (x, y), lands: (x, y) });
                }
            }
        }
        let side = self.side(self.to_move());
        let hand =
            in_play.then(|| Hand { side, piece: stone(side), label: (text.next_stone)((text.side)(side)) });
        BoardView {
            columns: SIZE,
            rows: SIZE,
            cells,
            moves: Vec::new(),
            targets,
            hand,
            forced: None,
            compelled: Vec::new(),
            path: Vec::new(),
            label: text.gomoku.to_owned(),
        }
    }

    fn action_move(&self, action: BoardAction) -> Option<Move> {
        match action {
            BoardAction::Activate((x, y)) => Some(Move::Place(point_at(x, y))),
            BoardAction::Move { .. } => None,
        }
    }

    fn ending(&self, text: &Text) -> String {
        match self.outcome() {
            Some(Outcome::Win(_)) => text.five_in_a_row.to_owned(),
            Some(Outcome::Draw) => text.full_board.to_owned(),
            None => String::new(),
        }
    }

    fn settings(config: &Config, text: &Text) -> Vec<Setting> {
        let options = RULE_SETS.iter().map(|&r| (text.rule_set_name)(rule_set_name(r)).to_owned()).collect();
        let chosen = RULE_SETS.iter().position(|&r| r == config.rules).unwrap_or(0);
        vec![Setting { name: "rules", label: text.rule_set, value: SettingValue::Choice { options, chosen } }]
    }

    fn choose(config: &Config, setting: &str, choice: usize) -> Config {
        match (setting, RULE_SETS.get(choice)) {
            ("rules", Some(&rules)) => Config { rules },
            _ => config.clone(),
        }
    }

    fn info(&self, text: &Text) -> Vec<String> {
        vec![(text.rule_set_name)(rule_set_name(self.config().rules)).to_owned()]
    }
}
