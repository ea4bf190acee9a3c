//! The server's routes: the WebSocket, the probes and counters, the players' API and the
//! built files.

use crate::api;
use crate::connection;
use crate::files::Files;
use crate::metrics::Refusal;
use crate::net::{self, Connections, Held, Net};
use crate::rooms::Hub;
use axum::Router;
use axum::extract::{ConnectInfo, Request, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tokio::sync::watch;
use tracing::Instrument;

/// The largest frame the WebSocket reads at all; frames over the protocol's own limit and
/// under this one get an error frame, larger ones close the connection (1009).
const LARGEST_READ: usize = 64 * 1024;

/// What the routes share.
#[derive(Clone)]
pub(crate) struct Shared {
    pub hub: Arc<Hub>,
    /// TCP connections held.
    pub connections: Arc<Connections>,
    pub files: Arc<Files>,
    pub net: Arc<Net>,
    /// WebSockets held, by client address.
    pub sockets: Arc<Connections>,
    /// True once the server is stopping.
    pub closing: watch::Receiver<bool>,
}

/// The TCP connection a request came on, counted until the last of its uses ends (an upgraded
/// WebSocket's too).
#[derive(Clone)]
pub(crate) struct Accepted {
    pub _held: Arc<Held>,
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
    // With no public origin set, the site is where the first page to play came from.
    if let Some(origin) = headers.get(axum::http::header::ORIGIN).and_then(|o| o.to_str().ok()) {
        shared.hub.site.get_or_init(|| origin.to_owned());
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
pub(crate) fn app(shared: Shared) -> Router {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Clock;
    use crate::rooms::Limits;
    use crate::store::{self, Memory, Pending, RoomRow, Store};
    use axum::body::Body;
    use std::path::Path;
    use tower::ServiceExt;

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
