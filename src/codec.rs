//! The one JSON codec of everything the page keeps or sends: serde's derives, written and read
//! by serde-json-wasm (a small reader and writer with no floats, which the page's first load
//! can carry). The server and the engine worker read and write the same text with serde_json.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// A value from its JSON text; `None` for text that is not one.
pub fn read<T: DeserializeOwned>(text: &str) -> Option<T> {
    serde_json_wasm::from_str(text).ok()
}

/// A value's JSON text. Writing cannot fail for the types written: they hold no floats and no
/// maps with other keys than strings.
pub fn write(value: &impl Serialize) -> String {
    serde_json_wasm::to_string(value).unwrap_or_default()
}
