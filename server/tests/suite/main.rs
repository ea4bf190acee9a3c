//! The server's tests, one binary linking the server once: the rooms and clocks on paused time,
//! the stores, and the server on loopback driven as the page drives it. Run by cargo-nextest
//! (scripts/test.sh), which gives each test a process of its own: `logs` and `key_logs` need it,
//! since tracing decides once per log line which loggers hear it. The fault `<turn>!panic`
//! (`operating`, `logs`) is the `fault-injection` feature, which this crate's dev-dependency on
//! itself turns on for every test build.
//! `cargo nextest run -p board-suite-server -E 'test(/^postgres::/)' --run-ignored only` runs the
//! PostgreSQL tests (needs `TEST_DATABASE_URL`: `scripts/postgres.sh`).

mod common;

mod clocks;
mod connections;
mod crash;
mod files;
mod key_logs;
mod logs;
mod online;
mod operating;
mod players;
mod postgres;
mod rooms;
mod store;
