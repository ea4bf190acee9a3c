//! The words of the player's badge and panel, and of the players' pages and leaderboards:
//! said only by code split off the page's binaries, so they come with it.

use crate::i18n::Words;

/// What the player's badge and panel say.
pub struct PlayerWords {
    /// The badge before the server has said who the device is.
    pub no_player: &'static str,
    pub your_player: &'static str,
    pub your_page: &'static str,
    pub name: &'static str,
    pub save_name: &'static str,
    pub name_rules: &'static str,
    pub name_saved: &'static str,
    pub other_device: &'static str,
    pub make_code: &'static str,
    /// How long the code shown is valid, in minutes.
    pub code_hint: fn(u64) -> String,
    pub have_code: &'static str,
    pub use_code: &'static str,
    pub forget: &'static str,
    pub forgotten: &'static str,
}

pub static PLAYER_WORDS: Words<PlayerWords> = Words {
    zh_hant: PlayerWords {
        no_player: "玩家",
        your_player: "你的玩家身分",
        your_page: "你的個人頁面",
        name: "名稱",
        save_name: "儲存名稱",
        name_rules: "3 到 20 個英文字母、數字、_ 或 -，以字母開頭；一天只能改一次。",
        name_saved: "名稱已儲存。",
        other_device: "換到另一個裝置",
        make_code: "產生轉移碼",
        code_hint: |minutes| format!("在另一個裝置上輸入此碼：{minutes} 分鐘內有效，只能使用一次。"),
        have_code: "另一個裝置給的轉移碼",
        use_code: "使用轉移碼",
        forget: "在此裝置上忘記我",
        forgotten: "此裝置已不再是這位玩家；下次線上對弈時會成為新的匿名玩家。",
    },
    en: PlayerWords {
        no_player: "Player",
        your_player: "Your player",
        your_page: "Your page",
        name: "Name",
        save_name: "Save name",
        name_rules: "3 to 20 letters, digits, _ or -, starting with a letter; changed at most once a day.",
        name_saved: "Name saved.",
        other_device: "Move to another device",
        make_code: "Make a transfer code",
        code_hint: |minutes| format!("Type this code on the other device: valid {minutes} minutes, once."),
        have_code: "A code from another device",
        use_code: "Use the code",
        forget: "Forget this device",
        forgotten: "This device is no longer this player; it plays as a new anonymous player next time.",
    },
};
