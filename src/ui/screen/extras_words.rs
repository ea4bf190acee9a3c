//! The words of what a game's page draws only when asked (the new-game dialog, the settings
//! menu's board choices, the record's copy buttons): said only by the extras' code, split off,
//! so they come with it.

use crate::i18n::Words;

/// What the extras say.
pub struct ExtrasWords {
    pub renderer: &'static str,
    /// The new-game dialog: its title is `new_game`.
    pub start: &'static str,
    pub cancel: &'static str,
    pub or_online: &'static str,
    pub ends_current: &'static str,
    /// The new-game dialog's choice of opponent, made in the game in progress.
    pub apply_now: &'static str,
    pub invite_friend: &'static str,
    /// The renderer switch, naming the renderer it switches to.
    pub use_canvas: &'static str,
    pub use_dom: &'static str,
    pub move_numbers: &'static str,
    pub animations: &'static str,
    pub sound: &'static str,
    pub opponent: &'static str,
    pub human: &'static str,
    pub computer_plays: &'static str,
    pub play_online: &'static str,
    pub quick_match: &'static str,
    /// The record box's buttons: copy the record, save it as a file, copy the link.
    pub copy_record: &'static str,
    pub download_record: &'static str,
    pub copy_link: &'static str,
    /// The computer's levels by name, weakest first, shown beside their numbers.
    pub level_names: [&'static str; crate::engine::LEVELS as usize],
    /// The new-game dialog's time control: its kinds (untimed, Fischer, correspondence), the
    /// Fischer clock's two numbers, the days of correspondence, and why a clock is refused.
    pub time_control: &'static str,
    pub time_kinds: [&'static str; 3],
    pub base_seconds: &'static str,
    pub increment_seconds: &'static str,
    pub days_per_move: &'static str,
    pub time_out_of_range: &'static str,
    /// Puts a game in the lobby for anyone to take.
    pub seek: &'static str,
}

pub static EXTRAS_WORDS: Words<ExtrasWords> = Words {
    zh_hant: ExtrasWords {
        renderer: "棋盤繪製方式",
        start: "開始",
        cancel: "取消",
        or_online: "或線上對弈",
        ends_current: "開始新對局會結束目前這一局。",
        apply_now: "套用到本局",
        invite_friend: "邀請朋友",
        use_canvas: "Canvas",
        use_dom: "HTML",
        move_numbers: "顯示手數",
        animations: "動畫",
        sound: "音效",
        opponent: "對手",
        human: "朋友（同一裝置）",
        computer_plays: "電腦執",
        play_online: "線上對弈",
        quick_match: "快速配對",
        copy_record: "複製棋譜",
        download_record: "下載棋譜",
        copy_link: "複製本棋譜連結",
        level_names: ["入門", "休閒", "中級", "進階", "高手", "大師"],
        time_control: "時限",
        time_kinds: ["不限時", "棋鐘：基本時間＋每步加秒", "通信賽：每步天數"],
        base_seconds: "基本時間（秒）",
        increment_seconds: "每步加秒",
        days_per_move: "每步天數",
        time_out_of_range: "基本時間須為 15 至 10,800 秒（3 小時），每步加秒須為 0 至 180 秒。",
        seek: "在大廳開局",
    },
    en: ExtrasWords {
        renderer: "Board drawn with",
        start: "Start",
        cancel: "Cancel",
        or_online: "Or play online",
        ends_current: "Starting ends the game in progress.",
        apply_now: "Change in this game",
        invite_friend: "Invite a friend",
        use_canvas: "Canvas",
        use_dom: "HTML",
        move_numbers: "Move numbers",
        animations: "Animations",
        sound: "Sound",
        opponent: "Opponent",
        human: "A friend on this device",
        computer_plays: "Computer plays",
        play_online: "Play online",
        quick_match: "Quick match",
        copy_record: "Copy record",
        download_record: "Download record",
        copy_link: "Copy link to this record",
        level_names: ["Beginner", "Casual", "Intermediate", "Advanced", "Expert", "Master"],
        time_control: "Time control",
        time_kinds: ["Untimed", "Clock: base + increment", "Correspondence: days a move"],
        base_seconds: "Base, in seconds",
        increment_seconds: "Increment, in seconds",
        days_per_move: "Days a move",
        time_out_of_range: "The base is 15 to 10,800 seconds (3 hours), the increment 0 to 180 seconds.",
        seek: "Post in the lobby",
    },
};
