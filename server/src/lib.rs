//! The suite's server: the built page, and online rooms on a WebSocket (`/ws`) whose every
//! turn the suite's own rules check. Rooms are stored, so a restart loses nothing.

pub mod clock;
pub mod connection;
pub mod rooms;
pub mod store;
pub mod table;

/// The frames, shared with the page.
pub use board_suite::protocol;

use axum::Router;
use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::response::Response;
use axum::routing::get;
use clock::Clock;
use rooms::{Hub, Limits};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use store::{Change, Changes, Memory, Postgres, Sqlite, Store, StoreError};
use tokio::net::TcpListener;
use tower_http::services::ServeDir;

/// Where the server keeps its rooms and finds the page.
#[derive(Clone, Debug)]
pub struct Config {
    /// The SQLite file's folder; [`IN_MEMORY`] keeps the rooms in memory alone.
    pub data_dir: PathBuf,
    /// A PostgreSQL to keep the rooms in instead (`postgres://...`), shared with other instances.
    pub database_url: Option<String>,
    /// The built page (`dist/`).
    pub site: PathBuf,
    pub limits: Limits,
    /// The server's time ([`Clock::system`] but in tests).
    pub clock: Clock,
}

/// The `data_dir` that keeps rooms in memory alone, for tests and throwaway servers.
pub const IN_MEMORY: &str = ":memory:";

/// The largest frame the WebSocket reads at all; frames over the protocol's own limit and
/// under this one get an error frame, larger ones end the connection.
const LARGEST_READ: usize = 64 * 1024;

async fn websocket(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    upgrade: WebSocketUpgrade,
) -> Response {
    // Small buffers: a server holds thousands of connections, and frames are a few KB at most.
    upgrade
        .read_buffer_size(4096)
        .write_buffer_size(16 * 1024)
        .max_message_size(LARGEST_READ)
        .max_frame_size(LARGEST_READ)
        .on_upgrade(move |socket| connection::run(socket, hub, peer.ip()))
}

/// The server's routes over its rooms.
pub fn app(hub: Arc<Hub>, site: PathBuf) -> Router {
    Router::new().route("/ws", get(websocket)).with_state(hub).fallback_service(ServeDir::new(site))
}

/// Opens the store and serves on `listener` until the process ends.
pub async fn serve(listener: TcpListener, config: Config) -> Result<(), StoreError> {
    let (store, changes): (Arc<dyn Store>, Option<Changes>) = match &config.database_url {
        Some(url) => {
            let (store, changes) = Postgres::open(url).await?;
            (Arc::new(store), Some(changes))
        }
        None if config.data_dir == Path::new(IN_MEMORY) => (Arc::new(Memory::default()), None),
        None => (Arc::new(Sqlite::open(&config.data_dir)?), None),
    };
    let hub = Hub::new(store, config.limits, config.clock);
    if let Some(mut changes) = changes {
        let hub = hub.clone();
        tokio::spawn(async move {
            while let Some(change) = changes.recv().await {
                match change {
                    Change::Room(payload) => hub.refresh(&payload).await,
                    Change::Presence(payload) => hub.heard_presence(&payload).await,
                }
            }
        });
    }
    // Idle rooms go when the server starts, then hourly.
    hub.remove_idle().await;
    let sweeper = hub.clone();
    tokio::spawn(async move {
        const HOUR_MS: u64 = 3600 * 1000;
        loop {
            let next = sweeper.clock.now_ms() + HOUR_MS;
            tokio::time::sleep_until(sweeper.clock.instant_at(next)).await;
            sweeper.remove_idle().await;
        }
    });
    let app = app(hub, config.site).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, app).await?;
    Ok(())
}
