//! The messages between the page and its engine worker, as JSON text.

use super::Thought;
use super::analysis::Found;
use serde::{Deserialize, Serialize};

/// A turn asked for: the game and its rules (the save format's config; empty for the game's
/// defaults), the turns so far as
/// the move list writes them, and how to search. `id` tells the answers apart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub id: u64,
    pub game: String,
    pub config: String,
    pub moves: Vec<String>,
    pub level: u8,
    pub seed: u64,
    pub movetime: Option<u64>,
    /// Asks for the exact score instead of a turn (Connect Four; the benchmark times it).
    #[serde(default)]
    pub solve: bool,
    /// Asks for the position's analysis instead of a turn ([`Reply::Analysed`]): the search
    /// at the top level for `movetime`, and Connect Four's columns' exact values.
    #[serde(default)]
    pub analyse: bool,
    /// A start set up by hand, as the game's setup text (a checkers FEN); the rules' own start
    /// when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

impl Request {
    /// The request as the page sends it.
    pub fn to_text(&self) -> String {
        crate::codec::write(self)
    }
}

/// The worker's answers to request `id`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// The worker has started and reads requests from now on (any sent before are lost).
    Ready,
    /// What the search found after a depth (its turn played if the player stops the search):
    /// the turn, score and principal variation, the positions searched so far and the time
    /// taken (the benchmark's nodes per second), beside the id.
    Progress {
        id: u64,
        #[serde(flatten)]
        thought: Thought,
    },
    /// The answer, as [`Reply::Progress`] says it.
    Best {
        id: u64,
        #[serde(flatten)]
        thought: Thought,
    },
    Solved {
        id: u64,
        score: i32,
    },
    /// The position's analysis; `found` is absent where the rules have ended the game.
    Analysed {
        id: u64,
        found: Option<Found>,
    },
    Failed {
        id: u64,
        why: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Score;

    #[test]
    fn progress_is_flat_json_as_the_page_reads_it() {
        let thought = Thought {
            turn: "4".to_owned(),
            score: Score::Win(7),
            exact: true,
            pv: vec!["4".to_owned(), "3".to_owned()],
            depth: 9,
            nodes: 1_000,
            time_ms: 12,
        };
        let reply = Reply::Progress { id: 3, thought };
        let text = serde_json::to_string(&reply).expect("JSON");
        assert_eq!(
            text,
            r#"{"Progress":{"id":3,"turn":"4","score":{"Win":7},"exact":true,"pv":["4","3"],"depth":9,"nodes":1000,"time_ms":12}}"#
        );
        assert_eq!(serde_json::from_str::<Reply>(&text).ok(), Some(reply));
    }

    #[test]
    fn the_pages_request_is_what_the_worker_reads_byte_for_byte() {
        let request = Request {
            id: u64::MAX,
            game: "dark-chess".into(),
            config: r#"{"seed":0,"quiet_limit":60,"chain_capture":true,"chariot_rush":false,"blind_capture":false}"#
                .into(),
            moves: vec!["b3?".into(), "a1-a2".into(), "\\\"\u{1}中".into()],
            level: 7,
            seed: 12_345_678_901_234,
            movetime: None,
            solve: false,
            analyse: false,
            start: None,
        };
        let requests = [
            request.clone(),
            Request { movetime: Some(1500), solve: true, moves: vec![], ..request.clone() },
            Request { movetime: Some(300), analyse: true, ..request.clone() },
            Request { start: Some("W:W21,22:B1,2".into()), config: "null".into(), ..request },
        ];
        for request in requests {
            let text = request.to_text();
            assert_eq!(text, serde_json::to_string(&request).unwrap());
            assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), request);
        }
    }
}
