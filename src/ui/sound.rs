//! Short sounds for moves, captures, refused tries and the end of a game, synthesized with the
//! Web Audio API: no audio files, nothing more to download. Silent until the player's first
//! gesture (as browsers require), when muted, and where the browser has no audio.

use super::storage;
use std::cell::RefCell;
use web_sys::{AudioContext, OscillatorType};

thread_local! {
    static AUDIO: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// Where the player's choice is kept: `off` mutes.
pub const KEY: &str = "board-suite/sound";

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sound {
    Move,
    Capture,
    Refused,
    End,
}

/// Makes the audio context, on a gesture of the player's; nothing where there is no audio.
pub fn unlock() {
    AUDIO.with_borrow_mut(|audio| {
        if audio.is_none() {
            *audio = AudioContext::new().ok();
        }
        if let Some(audio) = audio {
            let _ = audio.resume();
        }
    });
}

/// One note: a frequency (Hz), from `at` seconds on, for `length` seconds, fading out.
fn note(audio: &AudioContext, kind: OscillatorType, frequency: f32, at: f64, length: f64) -> Option<()> {
    let oscillator = audio.create_oscillator().ok()?;
    oscillator.set_type(kind);
    oscillator.frequency().set_value(frequency);
    let gain = audio.create_gain().ok()?;
    let start = audio.current_time() + at;
    let volume = gain.gain();
    volume.set_value_at_time(0.0001, start).ok()?;
    volume.exponential_ramp_to_value_at_time(0.18, start + 0.01).ok()?;
    volume.exponential_ramp_to_value_at_time(0.0001, start + length).ok()?;
    oscillator.connect_with_audio_node(&gain).ok()?;
    gain.connect_with_audio_node(&audio.destination()).ok()?;
    oscillator.start_with_when(start).ok()?;
    oscillator.stop_with_when(start + length).ok()
}

/// Plays a sound, unless muted or not yet allowed.
pub fn play(sound: Sound) {
    if storage::read(KEY).as_deref() == Some("off") {
        return;
    }
    AUDIO.with_borrow(|audio| {
        let Some(audio) = audio else { return };
        let notes: &[(OscillatorType, f32, f64, f64)] = match sound {
            Sound::Move => &[(OscillatorType::Triangle, 520.0, 0.0, 0.08)],
            Sound::Capture => {
                &[(OscillatorType::Triangle, 440.0, 0.0, 0.07), (OscillatorType::Triangle, 330.0, 0.06, 0.1)]
            }
            Sound::Refused => &[(OscillatorType::Square, 170.0, 0.0, 0.14)],
            Sound::End => &[
                (OscillatorType::Sine, 523.0, 0.0, 0.18),
                (OscillatorType::Sine, 659.0, 0.12, 0.18),
                (OscillatorType::Sine, 784.0, 0.24, 0.3),
            ],
        };
        for &(kind, frequency, at, length) in notes {
            note(audio, kind, frequency, at, length);
        }
    });
}
