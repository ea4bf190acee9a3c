//! The suite's server: the built page, and online rooms on a WebSocket (`/ws`) whose every
//! turn the suite's own rules check. Rooms are stored, so a restart loses nothing.

pub mod api;
pub mod clock;
pub mod connection;
pub mod files;
pub mod game_clock;
pub mod metrics;
pub mod net;
pub mod players;
pub mod rooms;
pub mod secrets;
pub mod store;
pub mod table;

/// The frames, shared with the page.
pub use board_suite::protocol;

use axum::Router;
use axum::extract::{ConnectInfo, Request, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use clock::Clock;
use files::Files;
use hyper_util::rt::{TokioIo, TokioTimer};
use metrics::{Metrics, Refusal};
use net::{Connections, Full, Held, Net};
use rooms::{Hub, Limits};
use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use store::{Change, Changes, Memory, Postgres, Sqlite, Store, StoreError};
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;
use tracing::Instrument;

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

/// The largest frame the WebSocket reads at all; frames over the protocol's own limit and
/// under this one get an error frame, larger ones close the connection (1009).
const LARGEST_READ: usize = 64 * 1024;

/// How long a stopping server waits for its connections to close.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(8);

/// Why the server could not start.
#[derive(Debug)]
pub struct Error(pub String);

impl From<StoreError> for Error {
    fn from(error: StoreError) -> Self {
        Error(error.0)
    }
}

/// What the routes share.
#[derive(Clone)]
struct Shared {
    hub: Arc<Hub>,
    /// TCP connections held.
    connections: Arc<Connections>,
    files: Arc<Files>,
    net: Arc<Net>,
    /// WebSockets held, by client address.
    sockets: Arc<Connections>,
    /// True once the server is stopping.
    closing: watch::Receiver<bool>,
}

/// The TCP connection a request came on, counted until the last of its uses ends (an upgraded
/// WebSocket's too).
#[derive(Clone)]
struct Accepted {
    _held: Arc<Held>,
}

async fn websocket(
    State(shared): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    accepted: Option<axum::Extension<Accepted>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let net = shared.net.clone();
    if !net::origin_allowed(&headers, &net.public_origins) {
        shared.hub.metrics.refused(Refusal::Origin);
        return (StatusCode::FORBIDDEN, "this page may not play here\n").into_response();
    }
    let address = net::client_address(peer.ip(), &headers, &net.trusted_proxies);
    let socket = match shared.sockets.admit(Some(address), usize::MAX, net.connections_per_address) {
        Ok(socket) => socket,
        Err(_) => {
            shared.hub.metrics.refused(Refusal::AddressFull);
            return (StatusCode::TOO_MANY_REQUESTS, "too many connections from this address\n")
                .into_response();
        }
    };
    // Small buffers: a server holds thousands of connections, and frames are a few KB at most.
    // The read buffer starts at 1 KB (a turn's frame is under 100 bytes; a larger one grows
    // it): 4 KB made an idle connection cost the server 12 KB, 1 KB makes it 9 (the load test).
    upgrade
        .read_buffer_size(1024)
        .write_buffer_size(16 * 1024)
        .max_write_buffer_size(64 * 1024)
        .max_message_size(LARGEST_READ)
        .max_frame_size(LARGEST_READ)
        .on_upgrade(move |ws| async move {
            let _held = (socket, accepted);
            let metrics = shared.hub.metrics.clone();
            metrics.websockets.fetch_add(1, Ordering::Relaxed);
            // Every line logged for this connection carries its room, once it is in one (never
            // its seat's token); at the error level, so no log filter leaves the room out.
            let span = tracing::error_span!("ws", room = tracing::field::Empty);
            // A panic here ends this connection alone; its room and every other play on.
            metrics
                .caught("connection", connection::run(ws, shared.hub, address, net, shared.closing))
                .instrument(span)
                .await;
            metrics.websockets.fetch_sub(1, Ordering::Relaxed);
        })
}

/// At the start and every 10 s, gives the memory the server has freed back to the system (the
/// C library's allocator keeps it otherwise, so that a crowd gone would leave the process at
/// its high-water mark for good), then says how much of the heap is in use. Trimming takes a
/// few milliseconds at most, on a blocking thread.
#[cfg_attr(not(all(target_os = "linux", target_env = "gnu")), allow(unused_variables))]
async fn give_back(metrics: Arc<Metrics>) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    loop {
        // SAFETY: malloc_trim only returns the allocator's own free pages to the system.
        let trimmed = tokio::task::spawn_blocking(|| unsafe {
            libc::malloc_trim(0);
            libc::mallinfo2()
        });
        if let Ok(heap) = trimmed.await {
            metrics.heap_in_use.store((heap.uordblks + heap.hblkhd) as u64, Ordering::Relaxed);
        }
        tokio::time::sleep(Duration::from_secs(10)).await;
    }
}

/// The longest path served, and the longest segment of one (a file name's limit).
const LONGEST_PATH: usize = 2048;
const LONGEST_SEGMENT: usize = 255;

/// A path no file could have is answered 414 here, not by the file system's error (a 500).
async fn sane_path(request: Request, next: axum::middleware::Next) -> Response {
    let path = request.uri().path();
    if path.len() > LONGEST_PATH || path.split('/').any(|segment| segment.len() > LONGEST_SEGMENT) {
        return (StatusCode::URI_TOO_LONG, "that path is too long\n").into_response();
    }
    next.run(request).await
}

/// A built file.
async fn file(State(shared): State<Shared>, request: Request) -> Response {
    shared.files.answer(&request)
}

/// The security headers, on every response.
async fn secure(State(files): State<Arc<Files>>, request: Request, next: axum::middleware::Next) -> Response {
    let mut response = next.run(request).await;
    files.secure(&mut response);
    response
}

/// The process is alive.
async fn healthz() -> &'static str {
    "ok\n"
}

/// Ready for traffic: the store healthy (for PostgreSQL, listening too) and not stopping.
async fn readyz(State(shared): State<Shared>) -> Response {
    if *shared.closing.borrow() {
        return (StatusCode::SERVICE_UNAVAILABLE, "stopping\n").into_response();
    }
    if !shared.hub.store_healthy() {
        return (StatusCode::SERVICE_UNAVAILABLE, "the store is not reachable\n").into_response();
    }
    "ready\n".into_response()
}

/// The counters, in Prometheus' text format.
async fn metrics(State(shared): State<Shared>) -> Response {
    let metrics = &shared.hub.metrics;
    metrics.connections.store(shared.connections.count() as u64, Ordering::Relaxed);
    let text = metrics.render(shared.hub.rooms_in_memory());
    ([(axum::http::header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], text).into_response()
}

/// The server's routes over its rooms.
fn app(shared: Shared) -> Router {
    let files = shared.files.clone();
    Router::new()
        .route("/ws", get(websocket))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .merge(api::router(shared.hub.clone()))
        .fallback(file)
        .with_state(shared)
        .layer(axum::middleware::from_fn(sane_path))
        .layer(axum::middleware::from_fn_with_state(files, secure))
}

/// Opens the store and serves on `listener` until the process ends.
pub async fn serve(listener: TcpListener, config: Config) -> Result<(), Error> {
    serve_until(listener, config, std::future::pending()).await
}

/// Opens the store and serves on `listener` until `stop`: then it stops accepting, lets every
/// request in hand finish, closes every WebSocket with the restart code (1012), and returns
/// once they are closed, or after [`SHUTDOWN_GRACE`].
pub async fn serve_until(
    listener: TcpListener,
    config: Config,
    stop: impl Future<Output = ()>,
) -> Result<(), Error> {
    let (site, hsts) = (config.site.clone(), config.hsts);
    let files = tokio::task::spawn_blocking(move || Files::load(&site, hsts))
        .await
        .map_err(|e| Error(e.to_string()))?
        .map_err(|e| Error(format!("the page in {}: {e}", config.site.display())))?;
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
        // The lobby's count of players online counts every instance's: each tells its own.
        let teller = hub.clone();
        tokio::spawn(async move {
            loop {
                teller.tell_players().await;
                tokio::time::sleep(rooms::PLAYERS_EVERY).await;
            }
        });
        let hub = hub.clone();
        tokio::spawn(async move {
            while let Some(change) = changes.recv().await {
                match change {
                    Change::Room(payload) => hub.refresh(&payload).await,
                    Change::Presence(payload) => hub.heard_presence(&payload).await,
                    Change::Resync => hub.resync().await,
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
    // Rated players waiting for a quick match are paired as their ranges widen.
    let pairer = hub.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(rooms::PAIRING_EVERY).await;
            pairer.pair_waiting().await;
        }
    });
    let metrics = hub.metrics.clone();
    tokio::spawn(give_back(metrics.clone()));
    let (closing, closed) = watch::channel(false);
    let net = Arc::new(config.net);
    let connections = Arc::new(Connections::default());
    let (shared_files, compressed_here) = (files.len(), files.compressed_here());
    let shared = Shared {
        hub,
        connections: connections.clone(),
        files: Arc::new(files),
        net: net.clone(),
        sockets: Arc::default(),
        closing: closed.clone(),
    };
    let app = app(shared);
    if let Ok(address) = listener.local_addr() {
        tracing::info!(
            files = shared_files,
            compressed_at_start = compressed_here,
            "serving {} and online play on http://{address}",
            config.site.display()
        );
    }
    let mut stop = std::pin::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors, say: the connections held close in time.
                    Metrics::count(&metrics.accept_errors);
                    tracing::warn!("cannot accept a connection: {error}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        // A turn is a small frame, answered at once: it must not wait for Nagle's algorithm.
        let _ = stream.set_nodelay(true);
        // A trusted proxy carries many clients: they are counted by their own address instead.
        let counted = Some(peer.ip().to_canonical()).filter(|&ip| !net.trusts(ip));
        let held = match connections.admit(counted, net.max_connections, net.connections_per_address) {
            Ok(held) => Accepted { _held: Arc::new(held) },
            Err(full) => {
                metrics.refused(if full == Full::Server {
                    Refusal::ServerFull
                } else {
                    Refusal::AddressFull
                });
                tokio::spawn(refuse(stream, full));
                continue;
            }
        };
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: Request<hyper::body::Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            request.extensions_mut().insert(held.clone());
            app.clone().oneshot(request)
        });
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(net.header_timeout)
            .max_buf_size(16 * 1024)
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades();
        let mut closing = closed.clone();
        let metrics = metrics.clone();
        tokio::spawn(async move {
            metrics
                .clone()
                .caught("http", async move {
                    let mut connection = std::pin::pin!(connection);
                    tokio::select! {
                        _ = connection.as_mut() => return,
                        _ = stopping(&mut closing) => {}
                    }
                    // The request in hand is answered; the connection then closes.
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                })
                .await;
        });
    }
    drop(listener);
    tracing::info!("stopping: closing every connection");
    let _ = closing.send(true);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, connections.none_held()).await;
    Ok(())
}

/// Once the server is stopping (or gone).
pub async fn stopping(closing: &mut watch::Receiver<bool>) {
    let _ = closing.wait_for(|&closing| closing).await;
}

/// A connection past a cap: told so in plain HTTP, and closed.
async fn refuse(mut stream: TcpStream, full: Full) {
    let (status, text) = match full {
        Full::Server => ("503 Service Unavailable", "the server is full; try again soon\n"),
        Full::Address => ("429 Too Many Requests", "too many connections from this address\n"),
    };
    let response = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nRetry-After: 10\r\nConnection: close\r\n\r\n{text}",
        text.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(2), stream.write_all(response.as_bytes())).await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use store::{Pending, RoomRow};

    /// A store that answers, but says it is not ready (a PostgreSQL whose listening connection
    /// is down).
    struct Unhealthy(Memory);

    impl Store for Unhealthy {
        fn save(&self, row: RoomRow) -> Pending<'_, bool> {
            self.0.save(row)
        }
        fn load<'a>(&'a self, id: &'a str) -> Pending<'a, Option<RoomRow>> {
            self.0.load(id)
        }
        fn remove<'a>(&'a self, id: &'a str, version: u64) -> Pending<'a, bool> {
            self.0.remove(id, version)
        }
        fn idle(&self, before: u64, limit: usize) -> Pending<'_, Vec<(String, u64)>> {
            self.0.idle(before, limit)
        }
        fn lobby(&self, now: u64, since: u64, limit: usize) -> Pending<'_, store::LobbyRows> {
            self.0.lobby(now, since, limit)
        }
        fn finish(
            &self,
            finish: store::Finish,
            rate: Option<store::Rate>,
        ) -> Pending<'_, Option<store::Finish>> {
            self.0.finish(finish, rate)
        }
        fn players(&self) -> &dyn store::Players {
            self.0.players()
        }
        fn healthy(&self) -> bool {
            false
        }
    }

    /// `/readyz`'s status and body, from the server's routes over `store`, stopping or not.
    async fn ready(store: Arc<dyn Store>, stopping: bool) -> (StatusCode, String) {
        let (_closing, closed) = watch::channel(stopping);
        let shared = Shared {
            hub: Hub::new(store, Limits::default(), Clock::system()),
            connections: Arc::default(),
            files: Arc::new(Files::load(Path::new("/nonexistent/site"), None).unwrap()),
            net: Arc::default(),
            sockets: Arc::default(),
            closing: closed,
        };
        let request = axum::http::Request::builder().uri("/readyz").body(Body::empty()).unwrap();
        let response = app(shared).oneshot(request).await.unwrap();
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), 1024).await.unwrap();
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    #[tokio::test]
    async fn ready_unless_stopping_or_the_store_is_unhealthy() {
        let memory = || Arc::new(Memory::default());
        assert_eq!(ready(memory(), false).await, (StatusCode::OK, "ready\n".to_owned()));
        assert_eq!(ready(memory(), true).await, (StatusCode::SERVICE_UNAVAILABLE, "stopping\n".to_owned()));
        let unhealthy = Arc::new(Unhealthy(Memory::default()));
        assert_eq!(
            ready(unhealthy, false).await,
            (StatusCode::SERVICE_UNAVAILABLE, "the store is not reachable\n".to_owned())
        );
    }
}
