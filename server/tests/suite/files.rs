//! The built page as the server sends it: compressed as the client accepts, cached by whether
//! its name is hashed, revalidated with ETags, with the security headers on every response, and
//! never anything from outside the built folder.

use crate::common;

use common::{data_dir, fast, start_with};
use std::collections::HashMap;
use std::io::Read;
use std::path::Path;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// What a request was answered.
struct Answer {
    status: u16,
    headers: HashMap<String, String>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(String::as_str)
    }
}

/// Sends a raw request (`target` as it is: nothing normalises it) with extra header lines.
async fn ask(port: u16, method: &str, target: &str, headers: &[(&str, &str)]) -> Answer {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let mut request = format!("{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut said = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut said)).await.unwrap().unwrap();
    let split = said.windows(4).position(|w| w == b"\r\n\r\n").expect("a whole head");
    let head = String::from_utf8(said[..split].to_vec()).unwrap();
    let mut lines = head.lines();
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.to_ascii_lowercase(), value.trim().to_owned()))
        .collect();
    Answer { status, headers, body: said[split + 4..].to_vec() }
}

async fn get(port: u16, target: &str, headers: &[(&str, &str)]) -> Answer {
    ask(port, "GET", target, headers).await
}

const INDEX: &str = r#"<!doctype html><html lang=en><meta charset=utf-8><meta content="default-src 'self'; script-src 'self' 'sha256-abc=' 'wasm-unsafe-eval'; object-src 'none'" http-equiv=Content-Security-Policy><title>Board games</title><script type=module>import init from '/board-suite-6fde7da0334fb967.js';</script></html>"#;
const SECRET: &str = "the secret outside the site";

/// A built site as Trunk leaves it, and a secret file beside it; a server on it; its port.
async fn site_server(name: &str, hsts: Option<u64>) -> (u16, std::path::PathBuf) {
    let data = data_dir(name);
    let site = data.join("site");
    std::fs::create_dir_all(site.join("app")).unwrap();
    std::fs::create_dir_all(site.join("snippets/board-suite-1086091d01b0c4be")).unwrap();
    std::fs::write(site.join("index.html"), INDEX).unwrap();
    let script = "export default function init() { return 'board'; }\n".repeat(200);
    std::fs::write(site.join("board-suite-6fde7da0334fb967.js"), &script).unwrap();
    std::fs::write(site.join("snippets/board-suite-1086091d01b0c4be/inline0.js"), &script).unwrap();
    std::fs::write(site.join("sw.js"), "const VERSION = '1';\n".repeat(50)).unwrap();
    std::fs::write(site.join("app/manifest.webmanifest"), r#"{"name":"Board games"}"#).unwrap();
    std::fs::write(site.join("app/icon-192.png"), [0x89, b'P', b'N', b'G', 0, 0, 0, 0]).unwrap();
    std::fs::write(data.join("secret.txt"), SECRET).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(data.join("secret.txt"), site.join("link.txt")).unwrap();
    let mut config = common::config(&data, None, fast());
    config.site = site.clone();
    config.hsts = hsts;
    (start_with(config).await, site)
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut plain = Vec::new();
    brotli::Decompressor::new(bytes, 4096).read_to_end(&mut plain).unwrap();
    plain
}

fn ungzip(bytes: &[u8]) -> Vec<u8> {
    let mut plain = Vec::new();
    flate2::read::GzDecoder::new(bytes).read_to_end(&mut plain).unwrap();
    plain
}

fn file(site: &Path, path: &str) -> Vec<u8> {
    std::fs::read(site.join(path)).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_are_sent_compressed_as_the_client_accepts() {
    let (port, site) = site_server("files-encoding", None).await;
    let script = "/board-suite-6fde7da0334fb967.js";
    let plain = file(&site, "board-suite-6fde7da0334fb967.js");
    let brotli = get(port, script, &[("Accept-Encoding", "gzip, deflate, br, zstd")]).await;
    assert_eq!((brotli.status, brotli.header("content-encoding")), (200, Some("br")));
    assert_eq!(brotli.header("vary"), Some("Accept-Encoding"));
    assert_eq!(brotli.header("content-type"), Some("text/javascript; charset=utf-8"));
    assert!(brotli.body.len() < plain.len() / 4, "{} of {}", brotli.body.len(), plain.len());
    assert_eq!(unbrotli(&brotli.body), plain);
    // Brotli refused (q=0) or not named: gzip.
    for accept in ["gzip", "br;q=0, gzip;q=0.8", "GZIP"] {
        let gzip = get(port, script, &[("Accept-Encoding", accept)]).await;
        assert_eq!(gzip.header("content-encoding"), Some("gzip"), "{accept}");
        assert_eq!(ungzip(&gzip.body), plain);
    }
    // Neither: as it is.
    for accept in [None, Some("identity"), Some("br;q=0, gzip;q=0")] {
        let headers: Vec<_> = accept.map(|a| ("Accept-Encoding", a)).into_iter().collect();
        let raw = get(port, script, &headers).await;
        assert_eq!((raw.header("content-encoding"), &raw.body), (None, &plain), "{accept:?}");
        assert_eq!(raw.header("vary"), Some("Accept-Encoding"));
    }
    // An image is already compressed: sent as it is, whatever is accepted.
    let icon = get(port, "/app/icon-192.png", &[("Accept-Encoding", "br, gzip")]).await;
    assert_eq!((icon.header("content-encoding"), &icon.body), (None, &file(&site, "app/icon-192.png")));
    assert_eq!(icon.header("content-type"), Some("image/png"));
    // HEAD: the headers alone.
    let head = ask(port, "HEAD", script, &[("Accept-Encoding", "br")]).await;
    assert_eq!((head.status, head.header("content-encoding")), (200, Some("br")));
    assert!(head.body.is_empty());
    assert_eq!(ask(port, "POST", script, &[("Content-Length", "0")]).await.status, 405);
}

/// Brotli at a quality of the test's choosing: not the server's own bytes (it uses 11).
fn brotli_at(quality: i32, plain: &[u8]) -> Vec<u8> {
    let params = brotli::enc::BrotliEncoderParams { quality, ..Default::default() };
    let mut packed = Vec::new();
    brotli::BrotliCompress(&mut &plain[..], &mut packed, &params).unwrap();
    packed
}

fn gzip_fast(plain: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(plain).unwrap();
    encoder.finish().unwrap()
}

/// The forms `scripts/compress.mjs` makes at build time, `X.br` and `X.gz` beside `X`, are what
/// is sent (the server compresses only files that have neither), once seen to be `X`; they are
/// never paths of their own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forms_compressed_at_build_time_are_sent_and_are_not_paths() {
    let data = data_dir("files-built");
    let site = data.join("site");
    std::fs::create_dir_all(site.join("app")).unwrap();
    std::fs::write(site.join("index.html"), INDEX).unwrap();
    let script = "export default function init() { return 'board'; }\n".repeat(200);
    let name = "board-suite-6fde7da0334fb967.js";
    std::fs::write(site.join(name), &script).unwrap();
    // Made otherwise than the server would: quality 1 and gzip's fastest level.
    let built_br = brotli_at(1, script.as_bytes());
    let built_gz = gzip_fast(script.as_bytes());
    assert_ne!(built_br, brotli_at(11, script.as_bytes()));
    std::fs::write(site.join(format!("{name}.br")), &built_br).unwrap();
    std::fs::write(site.join(format!("{name}.gz")), &built_gz).unwrap();
    // The build found brotli no smaller here: gzip alone.
    let manifest = format!(r#"{{"name":"Board games","icons":[{}]}}"#, r#"{"src":"icon.png"},"#.repeat(40));
    std::fs::write(site.join("app/manifest.webmanifest"), &manifest).unwrap();
    std::fs::write(site.join("app/manifest.webmanifest.gz"), gzip_fast(manifest.as_bytes())).unwrap();
    // A stale form, of what the file was before it changed: not used.
    let worker = "const VERSION = '2';\n".repeat(50);
    std::fs::write(site.join("sw.js"), &worker).unwrap();
    std::fs::write(site.join("sw.js.br"), brotli_at(5, "const VERSION = '1';\n".repeat(50).as_bytes()))
        .unwrap();
    // A compressed file of nothing served.
    std::fs::write(site.join("notes.txt.gz"), gzip_fast(b"not a page's file")).unwrap();

    let files = board_suite_server::files::Files::load(&site, None).unwrap();
    assert_eq!(files.len(), 4, "index.html, the script, the manifest, sw.js");
    assert_eq!(files.compressed_here(), 2, "index.html and sw.js, whose form is stale");

    let mut config = common::config(&data, None, fast());
    config.site = site.clone();
    let port = start_with(config).await;
    let target = format!("/{name}");
    let brotli = get(port, &target, &[("Accept-Encoding", "gzip, br")]).await;
    assert_eq!((brotli.status, brotli.header("content-encoding")), (200, Some("br")));
    assert_eq!(brotli.header("vary"), Some("Accept-Encoding"));
    assert_eq!(brotli.header("content-type"), Some("text/javascript; charset=utf-8"));
    assert_eq!(brotli.body, built_br, "the build's brotli, as it is");
    let gzip = get(port, &target, &[("Accept-Encoding", "gzip")]).await;
    assert_eq!((gzip.header("content-encoding"), &gzip.body), (Some("gzip"), &built_gz));
    let raw = get(port, &target, &[]).await;
    assert_eq!((raw.header("content-encoding"), &raw.body[..]), (None, script.as_bytes()));
    // Where the build kept gzip alone, brotli is not made up at start.
    let manifest_answer = get(port, "/app/manifest.webmanifest", &[("Accept-Encoding", "br, gzip")]).await;
    assert_eq!(manifest_answer.header("content-encoding"), Some("gzip"));
    assert_eq!(ungzip(&manifest_answer.body), manifest.as_bytes());
    // The stale form is replaced by the server's own.
    let worker_answer = get(port, "/sw.js", &[("Accept-Encoding", "br")]).await;
    assert_eq!(worker_answer.header("content-encoding"), Some("br"));
    assert_eq!(unbrotli(&worker_answer.body), worker.as_bytes());
    // The forms are no paths: not the script's, not the stale one, not one with no file.
    for target in [
        format!("/{name}.br"),
        format!("/{name}.gz"),
        "/app/manifest.webmanifest.gz".to_owned(),
        "/sw.js.br".to_owned(),
        "/notes.txt.gz".to_owned(),
        "/notes.txt".to_owned(),
    ] {
        assert_eq!(get(port, &target, &[("Accept-Encoding", "br, gzip")]).await.status, 404, "{target}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hashed_files_are_immutable_and_the_rest_revalidated_with_etags() {
    let (port, site) = site_server("files-caching", None).await;
    for hashed in ["/board-suite-6fde7da0334fb967.js", "/snippets/board-suite-1086091d01b0c4be/inline0.js"] {
        let answer = get(port, hashed, &[]).await;
        assert_eq!(answer.header("cache-control"), Some("public, max-age=31536000, immutable"), "{hashed}");
    }
    for (path, target) in [
        ("index.html", "/"),
        ("index.html", "/index.html"),
        ("sw.js", "/sw.js"),
        ("app/manifest.webmanifest", "/app/manifest.webmanifest"),
    ] {
        let first = get(port, target, &[("Accept-Encoding", "br")]).await;
        assert_eq!(first.status, 200, "{target}");
        assert_eq!(first.header("cache-control"), Some("no-cache"), "{target}");
        let body = if first.header("content-encoding") == Some("br") {
            unbrotli(&first.body)
        } else {
            first.body.clone()
        };
        assert_eq!(body, file(&site, path));
        let etag = first.header("etag").expect("an ETag").to_owned();
        // Asked again with its tag: 304, no body, the same validators.
        let again = get(port, target, &[("Accept-Encoding", "br"), ("If-None-Match", &etag)]).await;
        assert_eq!((again.status, again.body.len()), (304, 0), "{target}");
        assert_eq!(again.header("etag"), Some(etag.as_str()));
        assert_eq!(again.header("cache-control"), Some("no-cache"));
        // The same content in another encoding, a weak tag, a list: still unchanged.
        let weak = format!("\"x\", W/{etag}");
        let plain = get(port, target, &[("If-None-Match", &weak)]).await;
        assert_eq!(plain.status, 304, "{target}");
        // Another tag: the file.
        let changed = get(port, target, &[("If-None-Match", "\"0123\"")]).await;
        assert_eq!((changed.status, changed.body), (200, file(&site, path)));
    }
    assert_eq!(
        get(port, "/app/manifest.webmanifest", &[]).await.header("content-type"),
        Some("application/manifest+json; charset=utf-8")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_response_carries_the_security_headers() {
    let (port, _) = site_server("files-headers", Some(63_072_000)).await;
    let too_long = format!("/{}", "a".repeat(300));
    for target in ["/", "/sw.js", "/missing", "/ws", too_long.as_str()] {
        let answer = get(port, target, &[]).await;
        let policy = answer.header("content-security-policy").unwrap_or_else(|| panic!("{target}: a policy"));
        // The built page's own policy, with its inline script's hash, and no framing.
        assert_eq!(
            policy,
            "default-src 'self'; script-src 'self' 'sha256-abc=' 'wasm-unsafe-eval'; object-src 'none'; frame-ancestors 'none'",
            "{target}"
        );
        assert_eq!(answer.header("x-content-type-options"), Some("nosniff"), "{target}");
        assert_eq!(answer.header("referrer-policy"), Some("no-referrer"), "{target}");
        assert_eq!(answer.header("strict-transport-security"), Some("max-age=63072000; includeSubDomains"));
    }
    // Without HTTPS configured, no HSTS; with no page built, today's policy all the same.
    let port = start_with(common::config(&data_dir("files-no-site"), None, fast())).await;
    let answer = get(port, "/", &[]).await;
    assert_eq!(answer.status, 404);
    assert_eq!(answer.header("strict-transport-security"), None);
    let policy = answer.header("content-security-policy").unwrap();
    assert!(policy.starts_with("default-src 'self'; script-src 'self' 'wasm-unsafe-eval';"), "{policy}");
    assert!(policy.ends_with("; frame-ancestors 'none'"), "{policy}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_outside_the_built_folder_is_served() {
    let (port, _) = site_server("files-traversal", None).await;
    for target in [
        "/../secret.txt",
        "/app/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E/secret.txt",
        "/..%2fsecret.txt",
        "/app/..%2f..%2fsecret.txt",
        "/%2e%2e%2fsecret.txt",
        "/..%5csecret.txt",
        "/..\\secret.txt",
        "/%252e%252e/secret.txt",
        "/.%2e/secret.txt",
        "//secret.txt",
        "/%2fetc%2fpasswd",
        "/../../../../../../etc/passwd",
        "/link.txt",
        "/app%00/manifest.webmanifest",
        "/%c0%ae%c0%ae/secret.txt",
        "/%",
    ] {
        let answer = get(port, target, &[]).await;
        assert!((400..500).contains(&answer.status), "{target}: {}", answer.status);
        assert!(!String::from_utf8_lossy(&answer.body).contains(SECRET), "{target}");
    }
}

/// The built page's sizes and how long the server takes to read it when it starts (checking
/// the forms the build made, and compressing the files it made none of):
/// `SITE=dist cargo test --release -p board-suite-server --test suite files:: -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a test: needs a built page"]
fn compressing_the_built_page() {
    let site =
        std::env::var("SITE").unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../dist").into());
    let start = std::time::Instant::now();
    let files = board_suite_server::files::Files::load(Path::new(&site), None).unwrap();
    let took = start.elapsed();
    let (mut plain, mut brotli, mut gzip) = (0, 0, 0);
    for (path, raw, br, gz) in files.sizes() {
        println!("{path:60} {raw:>9} {:>9} {:>9}", br.unwrap_or(raw), gz.unwrap_or(raw));
        plain += raw;
        brotli += br.unwrap_or(raw);
        gzip += gz.unwrap_or(raw);
    }
    println!(
        "{} files: {plain} bytes, brotli {brotli}, gzip {gzip}; {} compressed here; read in {took:.2?}",
        files.len(),
        files.compressed_here()
    );
}
