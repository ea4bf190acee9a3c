//! The requests about a device's player: who it is (its key), its name, a code that moves it
//! to another device, and forgetting its key.

use crate::metrics::Refusal;
use crate::players::{self, Identified};
use crate::rooms::{Client, Hub};
use crate::secrets::{hashed, new_key};
use crate::store::Renamed;
use board_suite::players::{NameError, PlayerName};
use board_suite::protocol::{ErrorCode, Reply, TRANSFER_MINUTES};

/// A connection's player, as far as its key goes.
#[derive(Default)]
pub struct Account {
    /// The hash of the key the device said hello with (or was given): what it forgets.
    key_hash: Option<String>,
}

impl Account {
    /// The player of the key the device showed, or a new one with a new key for it to keep.
    pub async fn hello(&mut self, hub: &Hub, client: &mut Client, key: Option<&str>) -> Reply {
        match players::identify(hub.store(), key, hub.clock.now_ms()).await {
            Ok(Identified { player, new_key }) => {
                self.key_hash = new_key.as_deref().or(key).map(hashed);
                let reply = Reply::Player { id: player.id.clone(), name: player.name.clone(), key: new_key };
                client.player = Some(Box::new(player));
                reply
            }
            Err(error) => {
                tracing::warn!("the store could not find or add a player: {}", error.0);
                Reply::error(ErrorCode::Storage, "the server could not store your player: try again")
            }
        }
    }

    /// The name the device's player chooses, checked, and taken unless another has it or the
    /// player chose one within a day and has played a rated game since.
    pub async fn name(&mut self, hub: &Hub, client: &mut Client, name: &str) -> Reply {
        let Some(player) = &mut client.player else {
            return Reply::error(ErrorCode::NoPlayer, "say hello with your key first");
        };
        let name = match PlayerName::parse(name) {
            Ok(name) => name,
            Err(NameError::Reserved) => {
                return Reply::error(ErrorCode::NameReserved, "that name is kept for the site");
            }
            Err(_) => {
                return Reply::error(
                    ErrorCode::NameInvalid,
                    "a name is 2 to 20 letters of any script, digits, _ or -, a letter first",
                );
            }
        };
        let now = hub.clock.now_ms();
        match hub.store().players().rename(player.id.clone(), name.to_string(), now).await {
            Ok(Renamed::Done) => {
                (player.name, player.named) = (Some(name.to_string()), Some(now));
                Reply::Player { id: player.id.clone(), name: player.name.clone(), key: None }
            }
            Ok(Renamed::Taken) => Reply::error(ErrorCode::NameTaken, "another player has that name"),
            Ok(Renamed::TooSoon) => Reply::error(
                ErrorCode::NameTooSoon,
                "a name played in a rated game may be changed once a day",
            ),
            Ok(Renamed::Unknown) => Reply::error(ErrorCode::NoPlayer, "say hello with your key first"),
            Err(error) => {
                tracing::warn!("the store could not rename a player: {}", error.0);
                Reply::error(ErrorCode::Storage, "the server could not store your name: nothing changed")
            }
        }
    }

    /// A one-time code that moves this device's player to another device.
    pub async fn transfer_code(&self, hub: &Hub, client: &Client) -> Reply {
        let Some(player) = &client.player else {
            return Reply::error(ErrorCode::NoPlayer, "say hello with your key first");
        };
        let code = players::new_transfer_code();
        let expires = hub.clock.now_ms().saturating_add(TRANSFER_MINUTES * 60_000);
        let added = hub.store().players().add_transfer(
            players::transfer_code_hash(&code),
            player.id.clone(),
            expires,
        );
        match added.await {
            Ok(()) => Reply::TransferCode { code, expires_in: TRANSFER_MINUTES * 60 },
            Err(error) => {
                tracing::warn!("the store could not keep a transfer code: {}", error.0);
                Reply::error(ErrorCode::Storage, "the server could not make a code: try again")
            }
        }
    }

    /// Plays as the player whose transfer code this is, with a new key for this device. An
    /// address that sent too many wrong codes this minute waits.
    pub async fn transfer(&mut self, hub: &Hub, client: &mut Client, code: &str) -> Reply {
        let (now, address) = (hub.clock.now_ms(), client.address);
        if hub.wrong_codes.waits(address, now) {
            hub.metrics.refused(Refusal::Rate);
            return Reply::error(ErrorCode::TransferWait, "too many wrong codes: wait a minute");
        }
        let key = new_key();
        match hub.store().players().transfer(players::transfer_code_hash(code), hashed(&key), now).await {
            Ok(Some(player)) => {
                self.key_hash = Some(hashed(&key));
                let reply =
                    Reply::Player { id: player.id.clone(), name: player.name.clone(), key: Some(key) };
                client.player = Some(Box::new(player));
                reply
            }
            Ok(None) => {
                hub.wrong_codes.count(address, now);
                Reply::error(ErrorCode::TransferInvalid, "that code is wrong, used or expired")
            }
            Err(error) => {
                tracing::warn!("the store could not use a transfer code: {}", error.0);
                Reply::error(ErrorCode::Storage, "the server could not use the code: try again")
            }
        }
    }

    /// This device's key is no longer anyone's; the device plays on as no one until it says
    /// hello again.
    pub async fn forget(&mut self, hub: &Hub, client: &mut Client) -> Reply {
        let Some(key_hash) = self.key_hash.take() else {
            return Reply::error(ErrorCode::NoPlayer, "say hello with your key first");
        };
        match hub.store().players().forget_key(&key_hash).await {
            Ok(_) => {
                client.player = None;
                Reply::Forgotten
            }
            Err(error) => {
                self.key_hash = Some(key_hash);
                tracing::warn!("the store could not forget a key: {}", error.0);
                Reply::error(ErrorCode::Storage, "the server could not forget this device: try again")
            }
        }
    }
}
