//! `board-suite-server`: serves the page and online play on 127.0.0.1:`PORT` (8080), keeping
//! rooms in `DATA_DIR` (`data/`; `:memory:` keeps them in memory alone), or in the PostgreSQL
//! `DATABASE_URL` names, and serving the page from `SITE` (`dist/`).

use board_suite_server::{Config, clock::Clock, net::Net, rooms::Limits, serve};
use std::path::PathBuf;

#[tokio::main]
async fn main() {
    let env = |name: &str, default: &str| std::env::var(name).unwrap_or_else(|_| default.to_owned());
    let port = env("PORT", "8080");
    let address = format!("{}:{port}", env("HOST", "127.0.0.1"));
    let config = Config {
        data_dir: PathBuf::from(env("DATA_DIR", "data")),
        database_url: std::env::var("DATABASE_URL").ok().filter(|url| !url.is_empty()),
        site: PathBuf::from(env("SITE", "dist")),
        limits: Limits::default(),
        net: Net::default(),
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
    if let Err(error) = serve(listener, config).await {
        eprintln!("the server stopped: {}", error.0);
        std::process::exit(1);
    }
}
