//! Serving: the store opened, the loops started, connections accepted until the server is
//! told to stop, and then a clean stop.

use crate::config::{Config, Error, IN_MEMORY};
use crate::files::Files;
use crate::loops;
use crate::metrics::{Metrics, Refusal};
use crate::net::{Connections, Full, stopping};
use crate::rooms::Hub;
use crate::routes::{Accepted, Shared, app};
use crate::store::{Changes, Memory, Postgres, Sqlite, Store};
use axum::extract::{ConnectInfo, Request};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

/// How long a stopping server waits for its connections to close.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(8);

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
    if let Some(origin) = config.net.public_origins.first() {
        let _ = hub.site.set(origin.clone());
    }
    loops::start(&hub, changes).await;
    let metrics = hub.metrics.clone();
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
