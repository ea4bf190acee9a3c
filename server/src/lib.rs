//! The suite's server: the built page, and online rooms on a WebSocket (`/ws`) whose every
//! turn the suite's own rules check. Rooms are stored, so a restart loses nothing.

pub mod accounts;
pub mod api;
pub mod clock;
mod config;
pub mod connection;
pub mod files;
pub mod game_clock;
mod loops;
pub mod metrics;
pub mod net;
pub mod players;
pub mod rooms;
mod routes;
pub mod secrets;
mod serve;
pub mod store;
pub mod table;

pub use config::{Config, Error, IN_MEMORY};
pub use serve::{SHUTDOWN_GRACE, serve, serve_until};
