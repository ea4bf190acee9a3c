//! The page's effects beyond the DOM: short sounds for moves, captures, refused tries and the end
//! of a game, synthesized with the Web Audio API (no audio files, nothing more to download;
//! silent until the player's first gesture, as browsers require, when muted, and where the
//! browser has no audio), and the board's two animation helpers.

use super::storage;

use super::js::note;
pub use super::js::{settle, to_tray, unlock};

/// Where the player's choice of sound is kept: `off` mutes.
pub const KEY: &str = "board-suite/sound";

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sound {
    Move,
    Capture,
    Refused,
    End,
    /// This device's clock has run under 10 s: soft, and once.
    Low,
}

/// Plays a sound, unless muted or not yet allowed, once the frame that shows what it sounds is
/// painted: neither the choice read from storage nor the audio holds up that frame.
pub fn play(sound: Sound) {
    super::js::after_paint(move || play_now(sound));
}

fn play_now(sound: Sound) {
    if storage::read(KEY).as_deref() == Some("off") {
        return;
    }
    let notes: &[(&str, f32, f64, f64)] = match sound {
        Sound::Move => &[("triangle", 520.0, 0.0, 0.08)],
        Sound::Capture => &[("triangle", 440.0, 0.0, 0.07), ("triangle", 330.0, 0.06, 0.1)],
        Sound::Refused => &[("square", 170.0, 0.0, 0.14)],
        Sound::End => &[("sine", 523.0, 0.0, 0.18), ("sine", 659.0, 0.12, 0.18), ("sine", 784.0, 0.24, 0.3)],
        Sound::Low => &[("sine", 440.0, 0.0, 0.25)],
    };
    for &(kind, frequency, at, length) in notes {
        note(kind, frequency, at, length);
    }
}
