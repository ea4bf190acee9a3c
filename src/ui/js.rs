//! The page's few lines of JavaScript, in one module: each inline block would be a file of its
//! own for the page to fetch, and each does in a line what web-sys bindings would add to every
//! page's first load.
//!
//! Sounds and motion (`effects`): `unlock` and `note` make sounds, after the frame that shows
//! what they sound; `settle` ends every animation, `moving` asks whether the board's still
//! run; `toTray` sends a taken piece's picture to its side's tray (the tray's last piece, the
//! one just taken), where the page shows one. Dialogs: `trapTab` keeps the Tab key inside one,
//! `pushEntry` and `dropEntry` give an open one a history entry for Back to close it; `reveal`
//! brings a notice into view. `afterPaint` runs a task once the next frame is painted (at once
//! in a hidden tab, which paints none), or as the page is left if that comes first: a move
//! made just before a reload or a closed tab is saved all the same. Online: `ready` asks
//! whether the server that sent the page answers (its `/healthz` says `ok`; a static host
//! answers with nothing, or with its page); offline it does not ask, so a page played offline
//! logs no failed request. Records and invitations: `copy` puts text on the clipboard, `share` opens the system's share sheet
//! (where `canShare`), `absolute` makes a link absolute, `download` saves text as a file.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(inline_js = "let a;
export function settle(){for(const n of document.getAnimations())try{n.finish()}catch(e){}}
export function moving(){return document.getAnimations().some(n=>n.playState==='running'&&n.effect?.target?.closest?.('[data-motion],.ghost'))}
export function toTray(){const g=document.querySelector('.ghost[data-side]:not([data-to-tray])');if(!g)return;
const t=document.querySelector(`[data-tray=${g.dataset.side}] .piece:last-child`);if(!t)return;
const c=e=>{const r=e.getBoundingClientRect();return[r.x+r.width/2,r.y+r.height/2]},[x,y]=c(g),[u,v]=c(t);
g.style.setProperty('--tx',u-x+'px');g.style.setProperty('--ty',v-y+'px');g.dataset.toTray=''}
export function unlock(){if(!a)afterPaint(()=>{try{a=a||new AudioContext()}catch(e){}});else if(a.state==='suspended')a.resume().catch(()=>{})}
export function note(k,f,at,l){try{if(!a)return;const o=a.createOscillator(),g=a.createGain(),t=a.currentTime+at;
o.type=k;o.frequency.value=f;g.gain.setValueAtTime(1e-4,t);g.gain.exponentialRampToValueAtTime(.18,t+.01);
g.gain.exponentialRampToValueAtTime(1e-4,t+l);o.connect(g).connect(a.destination);o.start(t);o.stop(t+l)}catch(e){}}
const q=new Set();addEventListener('pagehide',()=>{for(const f of q){q.delete(f);f()}});
export function afterPaint(f){q.add(f);const r=()=>{if(q.delete(f))f()};document.hidden?setTimeout(r):requestAnimationFrame(()=>setTimeout(r))}
export function pushEntry(){history.pushState({dialog:1},'')}
export function dropEntry(){if(history.state&&history.state.dialog)history.back()}
export function reveal(s){requestAnimationFrame(()=>{const a=document.querySelectorAll(s),e=a[a.length-1];if(e)e.scrollIntoView({block:'nearest'})})}
export function scrollToEnd(s){requestAnimationFrame(()=>{const l=document.querySelector(s);if(l){l.scrollTop=l.scrollHeight;l.scrollLeft=l.scrollWidth}})}
export function trapTab(r,e){const f=[...r.querySelectorAll(
'button:not([disabled]),select:not([disabled]),input:not([disabled]),textarea,a[href]')].filter(x=>x.offsetParent);
if(!f.length)return;const a=f[0],b=f[f.length-1],n=document.activeElement;
if(e.shiftKey?n===a||!r.contains(n):n===b){(e.shiftKey?b:a).focus();e.preventDefault()}}
export function getText(u){return fetch(u,{cache:'no-cache'}).then(r=>r.ok?r.text():Promise.reject(r.status),()=>Promise.reject(0))}
export function ready(){return navigator.onLine===false?Promise.resolve(false):fetch('/healthz',{cache:'no-store'}).then(r=>r.ok?r.text():'',()=>'').then(t=>t.trim()==='ok')}
export function copy(t){try{return navigator.clipboard.writeText(t).then(()=>true,()=>false)}catch(e){return Promise.resolve(false)}}
export function canShare(){return typeof navigator.share==='function'}
export function share(u){try{navigator.share({url:u}).catch(()=>{})}catch(e){}}
export function absolute(l){return new URL(l,location.href).href}
export function download(n,t){const u=URL.createObjectURL(new Blob([t],{type:'text/plain;charset=utf-8'})),l=document.createElement('a');
l.href=u;l.download=n;l.click();setTimeout(()=>URL.revokeObjectURL(u),1000)}")]
extern "C" {
    /// Makes (or wakes) the audio context: call it on a gesture of the player's. Making it
    /// takes a while (tens of ms on a phone), so it is made once the gesture's frame is painted.
    pub fn unlock();
    /// Ends every animation at once (those that never end, such as a winning line's pulse,
    /// go on).
    pub fn settle();
    /// Whether a piece of the board is still moving (or a taken one still fading).
    pub fn moving() -> bool;
    /// Sends the picture of a piece just taken to its side's tray, if the page shows one.
    #[wasm_bindgen(js_name = toTray)]
    pub fn to_tray();
    /// One note: an oscillator's kind, a frequency (Hz), from `at` seconds on, for `length`
    /// seconds, fading out. Nothing before [`unlock`], or where there is no audio.
    pub fn note(kind: &str, frequency: f32, at: f64, length: f64);
    /// Keeps the Tab key inside the dialog `root`: from its last control to its first, and back.
    #[wasm_bindgen(js_name = trapTab)]
    pub fn trap_tab(root: &web_sys::Element, event: &web_sys::KeyboardEvent);
    /// A GET's text from the page's server: a promise of it, rejected with the status (0 for
    /// no answer).
    #[wasm_bindgen(js_name = getText)]
    pub fn get_text(url: &str) -> js_sys::Promise;
    /// Whether a game server answers where the page came from: a promise of a boolean.
    pub fn ready() -> js_sys::Promise;
    /// Puts text on the clipboard: a promise of whether it could.
    pub fn copy(text: &str) -> js_sys::Promise;
    /// Whether the browser has a system share sheet.
    #[wasm_bindgen(js_name = canShare)]
    pub fn can_share() -> bool;
    /// Opens the system's share sheet with a link (nothing if the player closes it).
    pub fn share(link: &str);
    /// A link made absolute against the page's address.
    pub fn absolute(link: &str) -> String;
    /// Saves text as a file of this name.
    pub fn download(name: &str, text: &str);
    /// Adds a history entry at the same address, for an open dialog that Back is to close.
    #[wasm_bindgen(js_name = pushEntry)]
    pub fn push_entry();
    /// Takes that entry away again, if it is the current one (the dialog closed otherwise).
    #[wasm_bindgen(js_name = dropEntry)]
    pub fn drop_entry();
    /// Scrolls the last element `selector` names into view, as little as it takes, at the next
    /// frame: after the focus has moved, which scrolls too.
    pub fn reveal(selector: &str);
    /// Scrolls the element `selector` names to its end, at the next frame: reading its size
    /// now would lay the page out a second time.
    #[wasm_bindgen(js_name = scrollToEnd)]
    pub fn scroll_to_end(selector: &str);
    #[wasm_bindgen(js_name = afterPaint)]
    fn after_paint_js(task: JsValue);
}

/// Runs `task` once the next frame is painted (at once in a hidden tab, which paints none), or
/// as the page is left (`pagehide`), whichever comes first.
pub fn after_paint(task: impl FnOnce() + 'static) {
    // Boxed, so that every task shares one closure's glue rather than each its own.
    let task: Box<dyn FnOnce()> = Box::new(task);
    after_paint_js(Closure::once_into_js(task));
}

/// Whether a game server answers where the page came from (a static host has none).
pub async fn server_answers() -> bool {
    wasm_bindgen_futures::JsFuture::from(ready()).await.is_ok_and(|ok| ok.is_truthy())
}
