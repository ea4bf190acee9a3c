//! `board-suite-server`: serves the page and online play on 127.0.0.1:`PORT` (8080), keeping
//! rooms in `DATA_DIR` (`data/`; `:memory:` keeps them in memory alone), or in the PostgreSQL
//! `DATABASE_URL` names, and serving the page from `SITE` (`dist/`). SIGTERM or SIGINT stops
//! it gracefully: WebSockets are closed with 1012 after the request in hand, within 10 s.
//!
//! Connections: `TRUSTED_PROXIES` (CIDRs whose X-Forwarded-For / Forwarded is believed; none
//! by default), `PUBLIC_ORIGIN` (the origins whose pages may open a WebSocket, comma-separated;
//! by default the request's own host), `MAX_CONNECTIONS` (10000), `CONNECTIONS_PER_ADDRESS` (64).

use board_suite_server::net::{Net, read_cidrs};
use board_suite_server::{Config, clock::Clock, rooms::Limits, serve_until};
use std::path::PathBuf;

fn env(name: &str, default: &str) -> String {
    std::env::var(name).ok().filter(|value| !value.is_empty()).unwrap_or_else(|| default.to_owned())
}

/// A number from the environment, or why not.
fn number(name: &str, default: usize) -> Result<usize, String> {
    match std::env::var(name).ok().filter(|value| !value.is_empty()) {
        None => Ok(default),
        Some(text) => text.trim().parse().map_err(|_| format!("{name}: not a number: {text:?}")),
    }
}

fn net() -> Result<Net, String> {
    let defaults = Net::default();
    Ok(Net {
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
    })
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
    let port = env("PORT", "8080");
    let address = format!("{}:{port}", env("HOST", "127.0.0.1"));
    let net = match net() {
        Ok(net) => net,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(2);
        }
    };
    let config = Config {
        data_dir: PathBuf::from(env("DATA_DIR", "data")),
        database_url: std::env::var("DATABASE_URL").ok().filter(|url| !url.is_empty()),
        site: PathBuf::from(env("SITE", "dist")),
        hsts: None,
        limits: Limits::default(),
        net,
        clock: Clock::system(),
    };
    let listener = match tokio::net::TcpListener::bind(&address).await {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("cannot listen on {address}: {error}");
            std::process::exit(1);
        }
    };
    eprintln!("serving {} and online play on http://{address}", config.site.display());
    if let Err(error) = serve_until(listener, config, signalled()).await {
        eprintln!("the server stopped: {}", error.0);
        std::process::exit(1);
    }
    eprintln!("stopped");
}
