//! The built page (`dist/`), read once when the server starts and held in memory: each file
//! with its brotli (quality 11) and gzip (9) forms, its type, its ETag and how long it may be
//! cached. The compressed forms are made at build time (`scripts/compress.mjs` writes `X.br`
//! and `X.gz` beside `X`) and read with the file; only a file that has neither is compressed
//! here, when the server starts. A request is answered from that table alone, so nothing
//! outside the built folder can ever be served, whatever the path says, and the compressed
//! forms are never paths of their own.

use axum::body::Body;
use axum::http::header::{
    ACCEPT_ENCODING, ALLOW, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_LENGTH, CONTENT_SECURITY_POLICY,
    CONTENT_TYPE, ETAG, IF_NONE_MATCH, REFERRER_POLICY, STRICT_TRANSPORT_SECURITY, VARY,
    X_CONTENT_TYPE_OPTIONS,
};
use axum::http::{HeaderMap, HeaderValue, Method, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::Path;

/// The page's source, whose policy serves when there is no built `index.html` to read it from
/// (a server with no page): the same policy, without the hashes the build adds for its inline
/// scripts.
const SOURCE_PAGE: &str = include_str!("../../index.html");

/// Hashed files never change under their name: cached for a year without asking again.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// The rest (`index.html`, the service worker, the manifest, the worker's unhashed files) are
/// asked about every time, and answered `304` while unchanged.
const REVALIDATE: &str = "no-cache";

/// Files at most this large are read; the page's largest is under 1 MB.
const LARGEST_FILE: u64 = 64 * 1024 * 1024;

/// One built file, in every form it is served in.
struct File {
    content_type: HeaderValue,
    cache: HeaderValue,
    /// The content's hash, quoted: the ETag of the plain form; the compressed ones add a suffix.
    tag: String,
    plain: Vec<u8>,
    /// Compressed forms, kept only where smaller than the plain one.
    brotli: Option<Vec<u8>>,
    gzip: Option<Vec<u8>>,
    /// Compressed when the server started: the build made neither form.
    compressed_here: bool,
}

/// A file's forms compressed at build time, read from beside it (`X.br`, `X.gz`).
#[derive(Default)]
struct Built {
    brotli: Option<Vec<u8>>,
    gzip: Option<Vec<u8>>,
}

/// The built page, and the headers every response carries.
pub struct Files {
    files: HashMap<String, File>,
    /// Security headers for every response, the server's own answers too.
    headers: HeaderMap,
}

/// The forms a file can be sent in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Encoding {
    Brotli,
    Gzip,
    Plain,
}

impl Files {
    /// Reads every file under `site` (none if it does not exist) with the compressed forms
    /// the build made beside it, and compresses the files that have none; `hsts` is the
    /// `Strict-Transport-Security` max-age in seconds, when the server is reached over HTTPS.
    pub fn load(site: &Path, hsts: Option<u64>) -> Result<Files, String> {
        let mut found = Vec::new();
        if site.is_dir() {
            walk(site, "", &mut found)?;
        }
        // `X.br` and `X.gz` are forms of `X`, never files of their own.
        let mut built: HashMap<String, Built> = HashMap::new();
        found.retain_mut(|(path, bytes)| {
            let (base, brotli) = match (path.strip_suffix(".br"), path.strip_suffix(".gz")) {
                (Some(base), _) => (base, true),
                (_, Some(base)) => (base, false),
                _ => return true,
            };
            let forms = built.entry(base.to_owned()).or_default();
            *(if brotli { &mut forms.brotli } else { &mut forms.gzip }) = Some(std::mem::take(bytes));
            false
        });
        // Brotli at quality 11 takes about a second for the page's wasm: a file the build did
        // not compress is compressed side by side with the others.
        let files: Vec<(String, File)> = std::thread::scope(|scope| {
            let workers: Vec<_> = found
                .into_iter()
                .map(|(path, bytes)| {
                    let forms = built.remove(&path).unwrap_or_default();
                    scope.spawn(move || (path.clone(), File::new(&path, bytes, forms)))
                })
                .collect();
            workers.into_iter().filter_map(|worker| worker.join().ok()).collect()
        });
        let mut headers = HeaderMap::new();
        let policy = files
            .iter()
            .find(|(path, _)| path == "index.html")
            .and_then(|(_, file)| std::str::from_utf8(&file.plain).ok().and_then(page_policy))
            .or_else(|| page_policy(SOURCE_PAGE))
            .unwrap_or_default();
        // Framing is refused in the header alone: a meta tag cannot say it.
        let policy = format!("{policy}; frame-ancestors 'none'");
        let policy =
            HeaderValue::try_from(policy).map_err(|_| "index.html's policy is not a header value")?;
        headers.insert(CONTENT_SECURITY_POLICY, policy);
        headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
        // The invite link's room is in the fragment, which is never sent; nothing else need be.
        headers.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
        if let Some(seconds) = hsts {
            let value = HeaderValue::try_from(format!("max-age={seconds}; includeSubDomains"))
                .map_err(|_| "HSTS_MAX_AGE")?;
            headers.insert(STRICT_TRANSPORT_SECURITY, value);
        }
        Ok(Files { files: files.into_iter().collect(), headers })
    }

    /// How many files are served.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// How many of them the server compressed itself, when it started: the build made no
    /// compressed form of them (`scripts/compress.mjs`).
    pub fn compressed_here(&self) -> usize {
        self.files.values().filter(|file| file.compressed_here).count()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Each file's path and its bytes plain, brotli and gzip (the size report's figures).
    pub fn sizes(&self) -> Vec<(String, usize, Option<usize>, Option<usize>)> {
        let mut sizes: Vec<_> = self
            .files
            .iter()
            .map(|(path, f)| {
                (path.clone(), f.plain.len(), f.brotli.as_ref().map(Vec::len), f.gzip.as_ref().map(Vec::len))
            })
            .collect();
        sizes.sort();
        sizes
    }

    /// The headers every response carries (those it has not set itself).
    pub fn secure(&self, response: &mut Response) {
        for (name, value) in &self.headers {
            if !response.headers().contains_key(name) {
                response.headers_mut().insert(name, value.clone());
            }
        }
    }

    /// Answers a request for a file.
    pub fn answer<B>(&self, request: &Request<B>) -> Response {
        if request.method() != Method::GET && request.method() != Method::HEAD {
            return (StatusCode::METHOD_NOT_ALLOWED, [(ALLOW, "GET, HEAD")], "").into_response();
        }
        let Some(file) = decode(request.uri().path()).and_then(|path| self.find(&path)) else {
            return (StatusCode::NOT_FOUND, "no such file\n").into_response();
        };
        let headers = request.headers();
        let encoding = negotiate(headers, file);
        let (body, suffix, content_encoding) = match encoding {
            Encoding::Brotli => (file.brotli.as_deref().unwrap_or_default(), "-br", Some("br")),
            Encoding::Gzip => (file.gzip.as_deref().unwrap_or_default(), "-gz", Some("gzip")),
            Encoding::Plain => (&file.plain[..], "", None),
        };
        let etag = HeaderValue::try_from(format!("\"{}{suffix}\"", file.tag)).ok();
        let fresh = headers.get_all(IF_NONE_MATCH).iter().any(|value| matches(value, &file.tag));
        let mut response = Response::builder()
            .header(CACHE_CONTROL, file.cache.clone())
            .header(VARY, HeaderValue::from_static("Accept-Encoding"));
        if let Some(etag) = etag {
            response = response.header(ETAG, etag);
        }
        if fresh {
            return response.status(StatusCode::NOT_MODIFIED).body(Body::empty()).unwrap_or_default();
        }
        response =
            response.header(CONTENT_TYPE, file.content_type.clone()).header(CONTENT_LENGTH, body.len());
        if let Some(content_encoding) = content_encoding {
            response = response.header(CONTENT_ENCODING, content_encoding);
        }
        let body = if request.method() == Method::HEAD { Body::empty() } else { Body::from(body.to_vec()) };
        response.body(body).unwrap_or_default()
    }

    /// The file at a decoded path: a folder's `index.html` for the folder.
    fn find(&self, path: &str) -> Option<&File> {
        let path = path.strip_prefix('/').unwrap_or(path);
        if path.is_empty() || path.ends_with('/') {
            return self.files.get(&format!("{path}index.html"));
        }
        self.files.get(path)
    }
}

/// Every regular file under `folder`, by its path from the site's root. Links are not
/// followed, and hidden files are not served.
fn walk(folder: &Path, prefix: &str, found: &mut Vec<(String, Vec<u8>)>) -> Result<(), String> {
    let entries = std::fs::read_dir(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", folder.display()))?;
        let Ok(name) = entry.file_name().into_string() else { continue };
        let kind = entry.file_type().map_err(|e| format!("{}: {e}", entry.path().display()))?;
        if name.starts_with('.') {
            continue;
        }
        let path = format!("{prefix}{name}");
        if kind.is_dir() {
            walk(&entry.path(), &format!("{path}/"), found)?;
        } else if kind.is_file() {
            let size = entry.metadata().map(|m| m.len()).unwrap_or(0);
            if size > LARGEST_FILE {
                return Err(format!("{}: larger than {LARGEST_FILE} bytes", entry.path().display()));
            }
            let bytes =
                std::fs::read(entry.path()).map_err(|e| format!("{}: {e}", entry.path().display()))?;
            found.push((path, bytes));
        }
    }
    Ok(())
}

impl File {
    fn new(path: &str, plain: Vec<u8>, built: Built) -> File {
        let guessed = mime_guess::from_path(path).first_or_octet_stream();
        let content_type = match guessed.essence_str() {
            "application/javascript" | "application/json" | "application/manifest+json" => {
                format!("{guessed}; charset=utf-8")
            }
            _ if guessed.type_() == "text" => format!("{guessed}; charset=utf-8"),
            _ => guessed.to_string(),
        };
        // Already-compressed formats gain nothing.
        let compressible = !matches!(guessed.type_().as_str(), "image" | "font" | "video" | "audio")
            || guessed.subtype() == "svg";
        let smaller = |packed: Vec<u8>| (packed.len() < plain.len()).then_some(packed);
        // A form the build made is used as it is, once it is seen to be this file: a stale one
        // (the file changed after it was compressed) is not.
        let brotli_built =
            built.brotli.filter(|packed| unpacks_to(brotli_reader(packed), &plain, path, "br"));
        let gzip_built = built
            .gzip
            .filter(|packed| unpacks_to(flate2::read::GzDecoder::new(&packed[..]), &plain, path, "gz"));
        let compressed_here = compressible && brotli_built.is_none() && gzip_built.is_none();
        let (brotli, gzip) = if compressed_here {
            (smaller(brotli(&plain)), gzip(&plain).and_then(smaller))
        } else {
            (brotli_built.and_then(smaller), gzip_built.and_then(smaller))
        };
        let tag: String = Sha256::digest(&plain).iter().take(16).map(|b| format!("{b:02x}")).collect();
        File {
            content_type: HeaderValue::try_from(content_type)
                .unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream")),
            cache: HeaderValue::from_static(if hashed(path) { IMMUTABLE } else { REVALIDATE }),
            tag,
            plain,
            brotli,
            gzip,
            compressed_here,
        }
    }
}

fn brotli_reader(packed: &[u8]) -> impl Read + '_ {
    brotli::Decompressor::new(packed, 4096)
}

/// Whether a compressed form unpacks to `plain` (reading no more than one byte past it);
/// one that does not is left out, and said so.
fn unpacks_to(reader: impl Read, plain: &[u8], path: &str, suffix: &str) -> bool {
    let mut unpacked = Vec::with_capacity(plain.len());
    let read = reader.take(plain.len() as u64 + 1).read_to_end(&mut unpacked);
    let same = read.is_ok() && unpacked == plain;
    if !same {
        tracing::warn!(
            file = path,
            "{path}.{suffix} is not {path} compressed (built before it changed?): not used"
        );
    }
    same
}

fn brotli(plain: &[u8]) -> Vec<u8> {
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 22,
        size_hint: plain.len(),
        ..Default::default()
    };
    let mut packed = Vec::new();
    // Writing to memory does not fail; if it did, the file would be sent plain.
    match brotli::BrotliCompress(&mut &plain[..], &mut packed, &params) {
        Ok(_) => packed,
        Err(_) => plain.to_vec(),
    }
}

fn gzip(plain: &[u8]) -> Option<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(plain).ok()?;
    encoder.finish().ok()
}

/// Whether a path names a file whose content the build hashed into its name (or its folder's):
/// Trunk's `-` and 16 hex digits, as in `board-suite-6fde7da0334fb967_bg.wasm`.
fn hashed(path: &str) -> bool {
    path.split(['/', '.', '_']).any(|part| {
        part.rsplit_once('-')
            .is_some_and(|(_, hash)| hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
    })
}

/// A URL's path, percent-decoded; `None` for one that is not UTF-8 or holds a NUL or a `\`.
fn decode(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%' {
            let hex = std::str::from_utf8(bytes.get(at + 1..at + 3)?).ok()?;
            decoded.push(u8::from_str_radix(hex, 16).ok()?);
            at += 3;
        } else {
            decoded.push(bytes[at]);
            at += 1;
        }
    }
    let decoded = String::from_utf8(decoded).ok()?;
    (!decoded.contains(['\0', '\\'])).then_some(decoded)
}

/// The form to send: brotli, else gzip, where the client accepts it (a q of 0 refuses) and
/// the file has it.
fn negotiate(headers: &HeaderMap, file: &File) -> Encoding {
    let accepted = |name: &str| {
        headers
            .get_all(ACCEPT_ENCODING)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|item| {
                let mut parts = item.split(';');
                let coding = parts.next().unwrap_or("").trim();
                let q = parts
                    .filter_map(|p| p.trim().strip_prefix("q="))
                    .find_map(|q| q.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                (coding.eq_ignore_ascii_case(name) || coding == "*") && q > 0.0
            })
    };
    if file.brotli.is_some() && accepted("br") {
        Encoding::Brotli
    } else if file.gzip.is_some() && accepted("gzip") {
        Encoding::Gzip
    } else {
        Encoding::Plain
    }
}

/// Whether an `If-None-Match` names this content, in any of its forms (a weak comparison).
fn matches(value: &HeaderValue, tag: &str) -> bool {
    let Ok(value) = value.to_str() else { return false };
    value.split(',').map(str::trim).any(|candidate| {
        let candidate = candidate.strip_prefix("W/").unwrap_or(candidate).trim_matches('"');
        candidate == "*" || candidate.split_once('-').map_or(candidate, |(base, _)| base) == tag
    })
}

/// The Content-Security-Policy of a built `index.html`'s meta tag (its attributes quoted or
/// not, in either order, as Trunk's minifier leaves them).
fn page_policy(html: &str) -> Option<String> {
    html.split("<meta").skip(1).find_map(|tag| {
        let tag = tag.split('>').next()?;
        let lower = tag.to_ascii_lowercase();
        if !lower.contains("content-security-policy") {
            return None;
        }
        let (_, rest) = tag.split_once("content=\"")?;
        Some(rest.split('"').next()?.to_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_source_page_has_a_policy_to_fall_back_on() {
        let policy = page_policy(SOURCE_PAGE).expect("index.html's Content-Security-Policy");
        assert!(policy.starts_with("default-src 'self'; script-src 'self'"), "{policy}");
    }

    #[test]
    fn hashed_names_are_told_apart() {
        assert!(hashed("board-suite-6fde7da0334fb967_bg.wasm"));
        assert!(hashed("main-d25d392b126d94ab.css"));
        assert!(hashed("snippets/board-suite-1086091d01b0c4be/inline0.js"));
        for plain in
            ["index.html", "sw.js", "engine-worker.js", "app/manifest.webmanifest", "app/icon-192.png"]
        {
            assert!(!hashed(plain), "{plain}");
        }
    }

    #[test]
    fn the_policy_is_read_from_the_built_page() {
        let minified = r#"<!doctype html><meta charset=utf-8><meta content="default-src 'self'; script-src 'self' 'sha256-x='" http-equiv=Content-Security-Policy><meta content="width=device-width" name=viewport>"#;
        assert_eq!(page_policy(minified).unwrap(), "default-src 'self'; script-src 'self' 'sha256-x='");
        let source = r#"<meta http-equiv="Content-Security-Policy" content="default-src 'self'" />"#;
        assert_eq!(page_policy(source).unwrap(), "default-src 'self'");
        assert_eq!(page_policy("<meta charset=utf-8>"), None);
    }

    #[test]
    fn paths_are_decoded_or_refused() {
        assert_eq!(decode("/a%20b").unwrap(), "/a b");
        assert_eq!(decode("/%2e%2e/x").unwrap(), "/../x");
        assert_eq!(decode("/%"), None);
        assert_eq!(decode("/%zz"), None);
        assert_eq!(decode("/%ff"), None, "not UTF-8");
        assert_eq!(decode("/a%00"), None);
        assert_eq!(decode("/..%5c..%5cx"), None);
    }
}
