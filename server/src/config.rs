//! What the server is started with, and why it could not start.

use crate::clock::Clock;
use crate::net::Net;
use crate::rooms::Limits;
use crate::store::StoreError;
use std::path::PathBuf;

/// Where the server keeps its rooms and finds the page, and how it treats connections.
#[derive(Clone, Debug)]
pub struct Config {
    /// The SQLite file's folder; [`IN_MEMORY`] keeps the rooms in memory alone.
    pub data_dir: PathBuf,
    /// A PostgreSQL to keep the rooms in instead (`postgres://...`), shared with other instances.
    pub database_url: Option<String>,
    /// The built page (`dist/`), read when the server starts.
    pub site: PathBuf,
    /// `Strict-Transport-Security`'s max-age in seconds, for a server reached over HTTPS.
    pub hsts: Option<u64>,
    pub limits: Limits,
    pub net: Net,
    /// The server's time ([`Clock::system`] but in tests).
    pub clock: Clock,
}

/// The `data_dir` that keeps rooms in memory alone, for tests and throwaway servers.
pub const IN_MEMORY: &str = ":memory:";

/// Why the server could not start.
#[derive(Debug)]
pub struct Error(pub String);

impl From<StoreError> for Error {
    fn from(error: StoreError) -> Self {
        Error(error.0)
    }
}
