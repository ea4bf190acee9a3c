//! `board-suite-server`: the page and online play. Configured by environment variables, which
//! `--help` lists (and the table in docs/server.md); SIGTERM or SIGINT stops it gracefully.

use board_suite_server::net::{Net, read_cidrs};
use board_suite_server::{Config, clock::Clock, rooms::Limits, serve_until};
use std::io::IsTerminal;
use std::path::PathBuf;
use tracing_subscriber::EnvFilter;

const HELP: &str = "\
board-suite-server: the board-game suite's page and online play.

Usage: board-suite-server [--help]

Configured by environment variables (an empty one is as if unset):
  HOST                     address to listen on                      127.0.0.1
  PORT                     port to listen on                         8080
  SITE                     the built page (trunk build --release)    dist
  DATA_DIR                 folder of the SQLite store rooms.sqlite;  data
                           :memory: keeps rooms in memory alone
  DATABASE_URL             postgres://... : rooms in PostgreSQL,     (none)
                           shared by several instances
  TRUSTED_PROXIES          CIDRs whose X-Forwarded-For / Forwarded   (none)
                           name the client, comma-separated
  PUBLIC_ORIGIN            origins whose pages may open a WebSocket, the request's host
                           comma-separated (https://games.example)
  MAX_CONNECTIONS          connections held at once                  10000
  CONNECTIONS_PER_ADDRESS  connections held at once per client       64
  ROOMS_PER_ADDRESS        unfinished rooms per client address       20
  MESSAGES_PER_SECOND      requests per second per connection        20
  IDLE_DAYS                days a room may go unchanged              30
  HSTS_MAX_AGE             seconds of Strict-Transport-Security,     (none)
                           for a server reached over HTTPS
  RUST_LOG                 log filter (error, warn, info, debug)     info
  LOG_FORMAT               text or json (one JSON object a line)     text

Endpoints: / (the page), /ws (online play), /healthz, /readyz, /metrics (Prometheus).
SIGTERM or SIGINT: stop accepting, finish the requests in hand, close every WebSocket
with 1012 (service restart), and exit within 10 s.
";

fn env(name: &str, default: &str) -> String {
    std::env::var(name).ok().filter(|value| !value.is_empty()).unwrap_or_else(|| default.to_owned())
}

/// A number from the environment, or why not.
fn number<T: std::str::FromStr>(name: &str, default: T) -> Result<T, String> {
    match std::env::var(name).ok().filter(|value| !value.is_empty()) {
        None => Ok(default),
        Some(text) => text.trim().parse().map_err(|_| format!("{name}: not a number: {text:?}")),
    }
}

fn config() -> Result<Config, String> {
    let defaults = Net::default();
    let net = Net {
        trusted_proxies: read_cidrs(&env("TRUSTED_PROXIES", ""))
            .map_err(|e| format!("TRUSTED_PROXIES: {e}"))?,
        public_origins: env("PUBLIC_ORIGIN", "")
            .split(',')
            .map(str::trim)
            .filter(|o| !o.is_empty())
            .map(str::to_owned)
            .collect(),
        max_connections: number("MAX_CONNECTIONS", defaults.max_connections)?,
        connections_per_address: number("CONNECTIONS_PER_ADDRESS", defaults.connections_per_address)?,
        ..defaults
    };
    let limits = Limits::default();
    let idle_days: u64 = number("IDLE_DAYS", limits.idle_seconds / 86_400)?;
    let limits = Limits {
        rooms_per_address: number("ROOMS_PER_ADDRESS", limits.rooms_per_address)?,
        messages_per_second: number("MESSAGES_PER_SECOND", limits.messages_per_second)?,
        idle_seconds: idle_days.saturating_mul(86_400),
    };
    let hsts = match env("HSTS_MAX_AGE", "") {
        text if text.is_empty() => None,
        _ => Some(number("HSTS_MAX_AGE", 0u64)?),
    };
    Ok(Config {
        data_dir: PathBuf::from(env("DATA_DIR", "data")),
        database_url: std::env::var("DATABASE_URL").ok().filter(|url| !url.is_empty()),
        site: PathBuf::from(env("SITE", "dist")),
        hsts,
        limits,
        net,
        clock: Clock::system(),
    })
}

/// Logs to standard error, filtered by RUST_LOG (info by default), as text or JSON lines.
fn logs() -> Result<(), String> {
    let filter = EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new("info"))
        .map_err(|e| e.to_string())?;
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    let result = match env("LOG_FORMAT", "text").as_str() {
        "json" => builder.json().try_init(),
        "text" => builder.with_ansi(std::io::stderr().is_terminal()).try_init(),
        other => return Err(format!("LOG_FORMAT: text or json, not {other:?}")),
    };
    result.map_err(|e| e.to_string())
}

/// Once SIGTERM or SIGINT arrives.
async fn signalled() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = terminate.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}

#[tokio::main]
async fn main() {
    if std::env::args().skip(1).any(|arg| arg == "--help" || arg == "-h") {
        print!("{HELP}");
        return;
    }
    if let Err(error) = logs() {
        eprintln!("{error}");
        std::process::exit(2);
    }
    // A panic is logged where the operator reads the rest (and counted where it is caught).
    std::panic::set_hook(Box::new(|panic| tracing::error!("panic: {panic}")));
    if cfg!(panic = "abort") {
        tracing::warn!(
            "built to abort on a panic: one panic would end every game; build with --profile server"
        );
    }
    let config = match config() {
        Ok(config) => config,
        Err(error) => {
            tracing::error!("{error}");
            std::process::exit(2);
        }
    };
    let address = format!("{}:{}", env("HOST", "127.0.0.1"), env("PORT", "8080"));
    let listener = match tokio::net::TcpListener::bind(&address).await {
        Ok(listener) => listener,
        Err(error) => {
            tracing::error!("cannot listen on {address}: {error}");
            std::process::exit(1);
        }
    };
    if let Err(error) = serve_until(listener, config, signalled()).await {
        tracing::error!("the server stopped: {}", error.0);
        std::process::exit(1);
    }
    tracing::info!("stopped");
}
