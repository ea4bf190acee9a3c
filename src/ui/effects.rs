//! The page's effects beyond the DOM: short sounds for moves, captures, refused tries and the end
//! of a game, synthesized with the Web Audio API (no audio files, nothing more to download;
//! silent until the player's first gesture, as browsers require, when muted, and where the
//! browser has no audio), and the board's two animation helpers.

use super::storage;
use wasm_bindgen::prelude::*;

// A few lines of JavaScript: the audio and animation APIs through web-sys would cost the
// first load more. `settle` ends every animation; `toTray` sends a taken piece's picture to its
// side's tray (the tray's last piece, the one just taken), where the page shows one.
#[wasm_bindgen(inline_js = "let a;
export function settle(){for(const n of document.getAnimations())try{n.finish()}catch(e){}}
export function toTray(){const g=document.querySelector('.ghost[data-side]:not([data-to-tray])');if(!g)return;
const t=document.querySelector(`[data-tray=${g.dataset.side}] .piece:last-child`);if(!t)return;
const c=e=>{const r=e.getBoundingClientRect();return[r.x+r.width/2,r.y+r.height/2]},[x,y]=c(g),[u,v]=c(t);
g.style.setProperty('--tx',u-x+'px');g.style.setProperty('--ty',v-y+'px');g.dataset.toTray=''}
export function unlock(){try{a=a||new AudioContext();a.resume()}catch(e){}}
export function note(k,f,at,l){if(!a)return;const o=a.createOscillator(),g=a.createGain(),t=a.currentTime+at;
o.type=k;o.frequency.value=f;g.gain.setValueAtTime(1e-4,t);g.gain.exponentialRampToValueAtTime(.18,t+.01);
g.gain.exponentialRampToValueAtTime(1e-4,t+l);o.connect(g).connect(a.destination);o.start(t);o.stop(t+l)}")]
extern "C" {
    /// Makes (or wakes) the audio context: call it on a gesture of the player's.
    pub fn unlock();
    /// Ends every animation at once (those that never end, such as a winning line's pulse,
    /// go on).
    pub fn settle();
    /// Sends the picture of a piece just taken to its side's tray, if the page shows one.
    #[wasm_bindgen(js_name = toTray)]
    pub fn to_tray();
    /// One note: an oscillator's kind, a frequency (Hz), from `at` seconds on, for `length`
    /// seconds, fading out. Nothing before [`unlock`], or where there is no audio.
    fn note(kind: &str, frequency: f32, at: f64, length: f64);
}

/// Where the player's choice of sound is kept: `off` mutes.
pub const KEY: &str = "board-suite/sound";

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sound {
    Move,
    Capture,
    Refused,
    End,
}

/// Plays a sound, unless muted or not yet allowed.
pub fn play(sound: Sound) {
    if storage::read(KEY).as_deref() == Some("off") {
        return;
    }
    let notes: &[(&str, f32, f64, f64)] = match sound {
        Sound::Move => &[("triangle", 520.0, 0.0, 0.08)],
        Sound::Capture => &[("triangle", 440.0, 0.0, 0.07), ("triangle", 330.0, 0.06, 0.1)],
        Sound::Refused => &[("square", 170.0, 0.0, 0.14)],
        Sound::End => &[("sine", 523.0, 0.0, 0.18), ("sine", 659.0, 0.12, 0.18), ("sine", 784.0, 0.24, 0.3)],
    };
    for &(kind, frequency, at, length) in notes {
        note(kind, frequency, at, length);
    }
}
