//! The server's sockets: every connection accepted with TCP_NODELAY and counted against a total
//! and a per-address cap, HTTP read with a header timeout (which is also the idle keep-alive
//! timeout), and the real client address behind trusted proxies.

use axum::http::HeaderMap;
use axum::http::header::{FORWARDED, HOST, ORIGIN};
use std::collections::HashMap;
use std::net::IpAddr;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{Notify, watch};

/// How the server treats connections.
#[derive(Clone, Debug)]
pub struct Net {
    /// Proxies whose `Forwarded` and `X-Forwarded-For` name the client.
    pub trusted_proxies: Vec<Cidr>,
    /// The origins whose pages may open a WebSocket (`https://games.example`); none: the
    /// request's own host.
    pub public_origins: Vec<String>,
    /// Connections held at once, in all.
    pub max_connections: usize,
    /// Connections held at once from one client address.
    pub connections_per_address: usize,
    /// How long a request's head may take to arrive, and an idle keep-alive connection stay.
    pub header_timeout: Duration,
    /// How often a WebSocket is pinged.
    pub ping_interval: Duration,
    /// Pings left unanswered before a WebSocket is closed.
    pub missed_pongs: u32,
    /// Frames queued for a WebSocket that is not reading before it is closed.
    pub outbox_frames: usize,
    /// How long one frame may take to be taken by the peer.
    pub write_timeout: Duration,
    /// A spectator hears each frame up to this much after the players, at an offset of its
    /// own, so that a crowd's frames go out spread over this time rather than all at once,
    /// queued ahead of other games' moves.
    pub spectator_spread: Duration,
}

impl Default for Net {
    fn default() -> Self {
        Net {
            trusted_proxies: Vec::new(),
            public_origins: Vec::new(),
            max_connections: 10_000,
            connections_per_address: 64,
            header_timeout: Duration::from_secs(20),
            ping_interval: Duration::from_secs(3),
            missed_pongs: 2,
            outbox_frames: 32,
            write_timeout: Duration::from_secs(10),
            spectator_spread: Duration::from_millis(50),
        }
    }
}

impl Net {
    pub fn trusts(&self, peer: IpAddr) -> bool {
        self.trusted_proxies.iter().any(|block| block.contains(peer))
    }
}

/// An address block, `10.0.0.0/8` or `::1/128`; a bare address is a block of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cidr {
    network: IpAddr,
    prefix: u8,
}

impl FromStr for Cidr {
    type Err = String;

    fn from_str(text: &str) -> Result<Cidr, String> {
        let bad = || format!("not an address block: {text:?}");
        let (address, prefix) = text.trim().split_once('/').unwrap_or((text.trim(), ""));
        let network = IpAddr::from_str(address).map_err(|_| bad())?.to_canonical();
        let most = if network.is_ipv4() { 32 } else { 128 };
        let prefix = if prefix.is_empty() { most } else { prefix.parse().map_err(|_| bad())? };
        if prefix > most {
            return Err(bad());
        }
        Ok(Cidr { network, prefix })
    }
}

impl Cidr {
    pub fn contains(&self, address: IpAddr) -> bool {
        let bits = |address: IpAddr| match address.to_canonical() {
            IpAddr::V4(v4) => (u128::from(v4.to_bits()) << 96, true),
            IpAddr::V6(v6) => (v6.to_bits(), false),
        };
        let ((network, v4), (address, address_v4)) = (bits(self.network), bits(address));
        // An IPv4 address sits in the top 32 bits, so a prefix counts from the top either way.
        let prefix = u32::from(self.prefix);
        let mask = u128::MAX.checked_shl(128 - prefix).unwrap_or(0);
        v4 == address_v4 && (network & mask) == (address & mask)
    }
}

/// Reads a list of blocks, separated by commas or spaces (`TRUSTED_PROXIES`).
pub fn read_cidrs(text: &str) -> Result<Vec<Cidr>, String> {
    text.split([',', ' ']).filter(|part| !part.is_empty()).map(Cidr::from_str).collect()
}

/// The address of the client itself: the peer's, unless the peer is a trusted proxy, which
/// names the client in `Forwarded` or `X-Forwarded-For`. Each proxy appends the address it
/// heard from, so the nearest hop not itself a trusted proxy is the client; what an untrusted
/// peer writes there is never believed.
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[Cidr]) -> IpAddr {
    let trusted_hop = |address: IpAddr| trusted.iter().any(|block| block.contains(address));
    let peer = peer.to_canonical();
    if !trusted_hop(peer) {
        return peer;
    }
    let hops = forwarded_hops(headers);
    hops.iter().rev().copied().find(|&hop| !trusted_hop(hop)).or(hops.first().copied()).unwrap_or(peer)
}

/// The addresses a request passed through, the client first: from `Forwarded` if it is there,
/// else from `X-Forwarded-For`. A hop that is not an address (`unknown`, a name) ends the list
/// there, as nothing before it can be checked.
fn forwarded_hops(headers: &HeaderMap) -> Vec<IpAddr> {
    let values =
        |name| headers.get_all(name).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(','));
    let forwarded: Vec<&str> = values(FORWARDED.as_str())
        .filter_map(|element| {
            element.split(';').find_map(|pair| {
                let (key, value) = pair.trim().split_once('=')?;
                key.eq_ignore_ascii_case("for").then_some(value)
            })
        })
        .collect();
    let hops: Vec<&str> = if forwarded.is_empty() { values("x-forwarded-for").collect() } else { forwarded };
    let mut addresses = Vec::new();
    for hop in hops.iter().rev() {
        match read_hop(hop) {
            Some(address) => addresses.push(address),
            None => break,
        }
    }
    addresses.reverse();
    addresses
}

/// One hop: `192.0.2.1`, `192.0.2.1:4711`, `"[2001:db8::1]:4711"` or `2001:db8::1`.
fn read_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim().trim_matches('"');
    if let Ok(address) = IpAddr::from_str(hop) {
        return Some(address.to_canonical());
    }
    let host = match hop.strip_prefix('[') {
        Some(bracketed) => bracketed.split_once(']')?.0,
        None => hop.rsplit_once(':')?.0,
    };
    IpAddr::from_str(host).ok().map(|address| address.to_canonical())
}

/// Whether a WebSocket may be opened from the page at the request's `Origin`: one of the
/// public origins when configured, else the request's own host. A request without an `Origin`
/// is no browser's, so no other site's page is behind it.
pub fn origin_allowed(headers: &HeaderMap, public_origins: &[String]) -> bool {
    let Some(origin) = headers.get(ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if !public_origins.is_empty() {
        return public_origins
            .iter()
            .any(|allowed| allowed.trim_end_matches('/').eq_ignore_ascii_case(origin));
    }
    let host = headers.get(HOST).and_then(|host| host.to_str().ok());
    let origin_host = origin.split_once("://").map(|(_, host)| host);
    host.is_some_and(|host| origin_host.is_some_and(|origin_host| origin_host.eq_ignore_ascii_case(host)))
}

/// Why a connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// The server holds as many connections as it may.
    Server,
    /// This address holds as many as one address may.
    Address,
}

/// Connections held, in all and by address. What [`Connections::admit`] gives is held until
/// it is dropped.
#[derive(Default)]
pub struct Connections {
    held: Mutex<(usize, HashMap<IpAddr, usize>)>,
    /// Told when the last connection goes.
    none: Notify,
}

/// One connection held in [`Connections`], let go of when dropped.
pub struct Held {
    connections: Arc<Connections>,
    /// The address counted, if it was.
    address: Option<IpAddr>,
}

impl Connections {
    /// Counts a connection from `address` (`None`: counted in the total alone), unless that
    /// would pass `total` or `per_address`.
    pub fn admit(
        self: &Arc<Self>,
        address: Option<IpAddr>,
        total: usize,
        per_address: usize,
    ) -> Result<Held, Full> {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        let (all, by_address) = &mut *held;
        if *all >= total {
            return Err(Full::Server);
        }
        if let Some(address) = address {
            let count = by_address.entry(address).or_default();
            if *count >= per_address {
                return Err(Full::Address);
            }
            *count += 1;
        }
        *all += 1;
        Ok(Held { connections: self.clone(), address })
    }

    /// Connections held now.
    pub fn count(&self) -> usize {
        self.held.lock().unwrap_or_else(|e| e.into_inner()).0
    }

    /// Once no connection is held.
    pub async fn none_held(&self) {
        loop {
            let told = self.none.notified();
            if self.count() == 0 {
                return;
            }
            told.await;
        }
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self.connections.held.lock().unwrap_or_else(|e| e.into_inner());
        let (all, by_address) = &mut *held;
        *all = all.saturating_sub(1);
        if *all == 0 {
            self.connections.none.notify_waiters();
        }
        if let Some(address) = self.address
            && let Some(count) = by_address.get_mut(&address)
        {
            *count = count.saturating_sub(1);
            if *count == 0 {
                by_address.remove(&address);
            }
        }
    }
}

/// Once the server is stopping (or gone).
pub async fn stopping(closing: &mut watch::Receiver<bool>) {
    let _ = closing.wait_for(|&closing| closing).await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn blocks_hold_their_addresses() {
        let block: Cidr = "10.1.0.0/16".parse().unwrap();
        assert!(block.contains(ip("10.1.200.3")) && !block.contains(ip("10.2.0.1")));
        assert!(block.contains(ip("::ffff:10.1.0.9")), "an IPv4-mapped peer");
        assert!(!block.contains(ip("::1")));
        let one: Cidr = "::1".parse().unwrap();
        assert!(one.contains(ip("::1")) && !one.contains(ip("::2")));
        assert!("0.0.0.0/0".parse::<Cidr>().unwrap().contains(ip("8.8.8.8")));
        assert!("fd00::/8".parse::<Cidr>().unwrap().contains(ip("fdab::1")));
        for bad in ["10.0.0.0/33", "nonsense", "10.0.0.0/x", "::/129"] {
            assert!(bad.parse::<Cidr>().is_err(), "{bad}");
        }
        assert_eq!(read_cidrs("127.0.0.1/32, ::1").unwrap().len(), 2);
        assert_eq!(read_cidrs("").unwrap(), []);
    }

    #[test]
    fn the_client_is_read_from_trusted_proxies_alone() {
        let trusted = read_cidrs("127.0.0.0/8, 10.0.0.0/8").unwrap();
        let forwarded = headers(&[("x-forwarded-for", "203.0.113.7, 10.0.0.2")]);
        // A trusted proxy's word is taken, past the other trusted hops.
        assert_eq!(client_address(ip("127.0.0.1"), &forwarded, &trusted), ip("203.0.113.7"));
        // Anyone else's is not.
        assert_eq!(client_address(ip("198.51.100.1"), &forwarded, &trusted), ip("198.51.100.1"));
        assert_eq!(client_address(ip("127.0.0.1"), &forwarded, &[]), ip("127.0.0.1"));
        // A client that writes its own header gets its own address, not the one it wrote.
        let spoofed = headers(&[("x-forwarded-for", "1.2.3.4, 203.0.113.7")]);
        assert_eq!(client_address(ip("127.0.0.1"), &spoofed, &trusted), ip("203.0.113.7"));
        // `Forwarded`, with ports and brackets; it wins over X-Forwarded-For.
        let both = headers(&[
            ("forwarded", "for=\"[2001:db8::17]:4711\";proto=https, for=10.0.0.5"),
            ("x-forwarded-for", "192.0.2.1"),
        ]);
        assert_eq!(client_address(ip("::ffff:127.0.0.1"), &both, &trusted), ip("2001:db8::17"));
        let port = headers(&[("forwarded", "for=192.0.2.60:80;by=10.0.0.1")]);
        assert_eq!(client_address(ip("127.0.0.1"), &port, &trusted), ip("192.0.2.60"));
        // A hop that cannot be read: the nearest readable one, or the proxy.
        let unknown = headers(&[("x-forwarded-for", "unknown")]);
        assert_eq!(client_address(ip("127.0.0.1"), &unknown, &trusted), ip("127.0.0.1"));
        // Only proxies in the chain: the first.
        let all_trusted = headers(&[("x-forwarded-for", "10.0.0.9, 10.0.0.2")]);
        assert_eq!(client_address(ip("127.0.0.1"), &all_trusted, &trusted), ip("10.0.0.9"));
    }

    #[test]
    fn a_websocket_comes_from_the_public_origin() {
        let own = headers(&[("host", "games.example:8080"), ("origin", "http://games.example:8080")]);
        assert!(origin_allowed(&own, &[]));
        let other = headers(&[("host", "games.example"), ("origin", "https://evil.example")]);
        assert!(!origin_allowed(&other, &[]));
        assert!(origin_allowed(&headers(&[("host", "games.example")]), &[]), "no browser");
        let public = ["https://games.example".to_owned()];
        let proxied = headers(&[("host", "127.0.0.1:8080"), ("origin", "https://games.example")]);
        assert!(origin_allowed(&proxied, &public));
        assert!(!origin_allowed(&own, &public));
    }

    #[test]
    fn connections_are_counted_and_let_go() {
        let connections = Arc::new(Connections::default());
        let a = Some(ip("192.0.2.1"));
        let first = connections.admit(a, 3, 2).unwrap();
        let _second = connections.admit(a, 3, 2).unwrap();
        assert_eq!(connections.admit(a, 3, 2).err(), Some(Full::Address));
        let _other = connections.admit(Some(ip("192.0.2.2")), 3, 2).unwrap();
        assert_eq!(connections.admit(None, 3, 2).err(), Some(Full::Server));
        drop(first);
        assert_eq!(connections.count(), 2);
        assert!(connections.admit(a, 3, 2).is_ok());
    }
}
