//! The words of online play's panels (the connection, seats and offers, the chat, the clocks'
//! countdowns): said only by code split off with online play's, so they come with it.

use crate::i18n::Words;
use crate::protocol::{ErrorCode, Offer, SeatPlayer};

/// What online play's panels say.
pub struct OnlineWords {
    /// A player with no name yet, before their tag.
    pub anonymous: &'static str,
    /// Whether the game changes ratings.
    pub rated_game: &'static str,
    pub casual_game: &'static str,
    /// A side's rating after a rated game: who, before, after, the change.
    pub rating_change: fn(&str, i64, &str, &str) -> String,
    pub leave_online: &'static str,
    pub invite: &'static str,
    pub connection: fn(&str) -> &'static str,
    pub you_play: fn(&str) -> String,
    pub watching: &'static str,
    pub waiting_for_match: &'static str,
    pub waiting_for_opponent: &'static str,
    /// Connected to the server, in no room: the one asked for was refused.
    pub in_no_game: &'static str,
    pub opponent_away: &'static str,
    pub offered: fn(bool, bool) -> &'static str,
    pub accept: &'static str,
    pub decline: &'static str,
    /// The server's refusal, from its code.
    pub server_refused: fn(ErrorCode) -> &'static str,
    /// Beside an online room's invite link: copy it, share it.
    pub copy_invite: &'static str,
    pub share_invite: &'static str,
    /// A side's clock, named for a screen reader; and the time left, said at 60, 30 and 10 s.
    pub clock_of: fn(&str) -> String,
    pub time_left: fn(&str, u64) -> String,
    /// Before the first moves: the side to move and the time left to make one.
    pub first_move_in: fn(&str, &str) -> String,
    /// The other player is away on their turn: the seconds until a claim, 0 once it may be made.
    pub gone: fn(u64) -> String,
    pub claim_win: &'static str,
    pub claim_draw: &'static str,
    /// A rematch offered, by this device or by the other.
    pub rematch_offered: fn(bool) -> &'static str,
    /// This device's offer, declined by the other side.
    pub declined: fn(Offer) -> &'static str,
    /// The chat: its heading, its messages in the order of `protocol::PRESETS`, the switch
    /// that hides the other player's, and what it says when empty.
    pub chat: &'static str,
    pub chat_presets: [&'static str; 6],
    pub mute_chat: &'static str,
    pub no_messages: &'static str,
    /// The line of free text: its label.
    pub chat_input: &'static str,
}

pub static ONLINE_WORDS: Words<OnlineWords> = Words {
    zh_hant: OnlineWords {
        anonymous: "匿名",
        rated_game: "計分對局",
        casual_game: "不計分對局",
        rating_change: |who, before, after, change| format!("{who}：{before} → {after}（{change}）"),
        leave_online: "離開線上對局",
        invite: "邀請連結",
        connection: |state| match state {
            "open" => "已連線",
            "connecting" => "連線中…",
            _ => "連線中斷：重新連線中…",
        },
        you_play: |side| format!("你執{side}"),
        watching: "你正在觀戰",
        waiting_for_match: "正在等待相同規則與時限的對手…",
        waiting_for_opponent: "等待對手加入：請把邀請連結傳給對方。",
        in_no_game: "已連線，未在對局中",
        opponent_away: "對手已斷線，對局等待對方回來。",
        offered: |draw, by_me| match (draw, by_me) {
            (true, true) => "你已提議和棋。",
            (true, false) => "對手提議和棋。",
            (false, true) => "你已請求悔棋。",
            (false, false) => "對手請求悔棋。",
        },
        accept: "接受",
        decline: "拒絕",
        server_refused: |code| match code {
            ErrorCode::NotYourTurn => "現在輪到對方。",
            ErrorCode::Stale | ErrorCode::Illegal => "這步棋被拒絕：棋盤已依伺服器上的對局顯示。",
            ErrorCode::GameOver => "對局已結束。",
            ErrorCode::NoOffer => "沒有可回應的提議。",
            ErrorCode::CannotTakeBack => "這一步無法悔棋。",
            ErrorCode::TooManyRooms => "此位址未完成的對局太多：請先下完一局。",
            ErrorCode::RateLimited => "請求太頻繁：請稍候。",
            ErrorCode::NoRoom => "伺服器上沒有這場對局（可能已結束超過 30 天）。",
            ErrorCode::Storage => "伺服器無法儲存；沒有任何改變。",
            ErrorCode::Version | ErrorCode::UnknownType => "伺服器已更新：請重新載入頁面以繼續線上對弈。",
            ErrorCode::BadTimeControl => "這個時限超出範圍。",
            ErrorCode::CannotAbort => "雙方都已走棋，對局不能再中止。",
            ErrorCode::CannotClaim => "目前不能判勝：對方仍在線，或離開的時間還不夠久。",
            ErrorCode::NotOver => "對局仍在進行中。",
            ErrorCode::NoSeek => "這局已被別人接受或已撤回。",
            ErrorCode::OwnSeek => "這是你自己開的局：請等別人加入。",
            ErrorCode::UnknownPreset => "無法送出這則訊息。",
            ErrorCode::NoPlayer => "伺服器還不認得這個裝置：請重新連線。",
            ErrorCode::NameTaken => "這個名稱，或看來一樣的名稱，已有人使用。",
            ErrorCode::NameInvalid => {
                "名稱須為 2 到 20 個字（任何文字的字母或漢字、數字、_ 或 -），並以字母或漢字開頭；不能有空格或看不見的字元。"
            }
            ErrorCode::NameTooSoon => "下過計分對局後，名稱一天只能改一次。",
            ErrorCode::NameReserved => "這個名稱保留給網站使用：請換一個。",
            ErrorCode::TransferInvalid => "轉移碼不正確、已使用或已過期。",
            ErrorCode::TransferWait => "錯誤的轉移碼太多：請一分鐘後再試。",
            ErrorCode::ChallengeSelf => "不能挑戰自己。",
            ErrorCode::ChallengeOffline => "這位玩家現在不在線上。",
            ErrorCode::ChallengeBusy => "這位玩家正在對局中，請稍後再挑戰。",
            ErrorCode::ChallengeLimit => "你已有太多未回覆的挑戰：請等對方回覆。",
            ErrorCode::NoChallenge => "這個挑戰已不存在：已回覆、撤回或過期。",
            ErrorCode::ChatLength => "訊息須為 1 至 140 個字。",
            ErrorCode::ChatInvisible => "訊息不能包含控制字元或隱形字元。",
            ErrorCode::Malformed
            | ErrorCode::TooLarge
            | ErrorCode::UnknownGame
            | ErrorCode::BadRules
            | ErrorCode::NotSeated => "伺服器拒絕了這個請求。",
        },
        copy_invite: "複製邀請",
        share_invite: "分享",
        clock_of: |side| format!("{side}的棋鐘"),
        time_left: |side, seconds| format!("{side}剩 {seconds} 秒"),
        first_move_in: |side, time| format!("{side}須在 {time} 內走出第一步，否則對局中止。"),
        gone: |seconds| match seconds {
            0 => "對手已離開：你可以宣告勝利或和棋。".to_owned(),
            _ => format!("對手已離開。{seconds} 秒後可以宣告勝利或和棋。"),
        },
        claim_win: "宣告勝利",
        claim_draw: "宣告和棋",
        rematch_offered: |by_me| {
            if by_me { "你已提議再戰一局。" } else { "對手提議再戰一局。" }
        },
        declined: |what| match what {
            Offer::Takeback => "對手不同意你悔棋。",
            Offer::Draw => "對手拒絕了你的和棋提議。",
            Offer::Rematch => "對手拒絕了再戰一局。",
        },
        chat: "聊天",
        chat_presets: ["你好！", "祝你好運！", "玩得開心！", "好棋局！", "下得好！", "謝謝！"],
        mute_chat: "隱藏對手的訊息",
        no_messages: "還沒有訊息",
        chat_input: "輸入訊息，按 Enter 送出",
    },
    en: OnlineWords {
        anonymous: "Anonymous",
        rated_game: "Rated game",
        casual_game: "Casual game",
        rating_change: |who, before, after, change| format!("{who}: {before} → {after} ({change})"),
        leave_online: "Leave online game",
        invite: "Invite link",
        connection: |state| match state {
            "open" => "Connected",
            "connecting" => "Connecting…",
            _ => "Connection lost: reconnecting…",
        },
        you_play: |side| format!("You play {side}"),
        watching: "You are watching",
        waiting_for_match: "Waiting for an opponent with the same rules and clock…",
        waiting_for_opponent: "Waiting for your opponent to join: send them the invite link.",
        in_no_game: "Connected, in no game",
        opponent_away: "Your opponent is disconnected; the game waits for them.",
        offered: |draw, by_me| match (draw, by_me) {
            (true, true) => "You offered a draw.",
            (true, false) => "Your opponent offers a draw.",
            (false, true) => "You asked to take back your move.",
            (false, false) => "Your opponent asks to take back their move.",
        },
        accept: "Accept",
        decline: "Decline",
        server_refused: |code| match code {
            ErrorCode::NotYourTurn => "It is the other side's turn.",
            ErrorCode::Stale | ErrorCode::Illegal => {
                "That move was refused: the game is shown as the server has it."
            }
            ErrorCode::GameOver => "The game is over.",
            ErrorCode::NoOffer => "There is no offer to answer.",
            ErrorCode::CannotTakeBack => "That turn cannot be taken back.",
            ErrorCode::TooManyRooms => "Too many unfinished games from this address: finish one first.",
            ErrorCode::RateLimited => "Too many requests: wait a moment.",
            ErrorCode::NoRoom => {
                "There is no such game on the server (it may have ended more than 30 days ago)."
            }
            ErrorCode::Storage => "The server could not save that; nothing changed.",
            ErrorCode::Version | ErrorCode::UnknownType => {
                "The server has been updated: reload the page to play online."
            }
            ErrorCode::BadTimeControl => "That time control is out of range.",
            ErrorCode::CannotAbort => "Both players have moved: the game can no longer be aborted.",
            ErrorCode::CannotClaim => {
                "You cannot claim the game: your opponent is here, or has not been away long enough."
            }
            ErrorCode::NotOver => "The game is still being played.",
            ErrorCode::NoSeek => "That game was taken or withdrawn.",
            ErrorCode::OwnSeek => "That is your own game: wait for someone to join it.",
            ErrorCode::UnknownPreset => "That message cannot be sent.",
            ErrorCode::NoPlayer => "The server does not know this device yet: reconnect.",
            ErrorCode::NameTaken => "That name, or one that looks the same, is taken.",
            ErrorCode::NameInvalid => {
                "A name is 2 to 20 letters (of any script), digits, _ or -, starting with a letter; no spaces or invisible characters."
            }
            ErrorCode::NameTooSoon => {
                "Once a rated game is played with a name, it may be changed once a day."
            }
            ErrorCode::NameReserved => "That name is kept for the site: choose another.",
            ErrorCode::TransferInvalid => "That code is wrong, used or expired.",
            ErrorCode::TransferWait => "Too many wrong codes: try again in a minute.",
            ErrorCode::ChallengeSelf => "You cannot challenge yourself.",
            ErrorCode::ChallengeOffline => "That player is not online now.",
            ErrorCode::ChallengeBusy => "That player is in the middle of a game: try again later.",
            ErrorCode::ChallengeLimit => "You have too many challenges waiting: wait for an answer.",
            ErrorCode::NoChallenge => "That challenge is no longer open: answered, withdrawn or expired.",
            ErrorCode::ChatLength => "A message is 1 to 140 characters long.",
            ErrorCode::ChatInvisible => "A message cannot hold control or invisible characters.",
            // What this page never asks wrongly, or rules it offered: said plainly.
            ErrorCode::Malformed
            | ErrorCode::TooLarge
            | ErrorCode::UnknownGame
            | ErrorCode::BadRules
            | ErrorCode::NotSeated => "The server refused that.",
        },
        copy_invite: "Copy invite",
        share_invite: "Share",
        clock_of: |side| format!("{side}'s clock"),
        time_left: |side, seconds| format!("{side}: {seconds} seconds left"),
        first_move_in: |side, time| {
            format!("{side} has {time} to make a first move, or the game is aborted.")
        },
        gone: |seconds| match seconds {
            0 => "Your opponent has left: you may claim the win, or a draw.".to_owned(),
            _ => format!("Your opponent has left. You may claim the game in {seconds} s."),
        },
        claim_win: "Claim the win",
        claim_draw: "Claim a draw",
        rematch_offered: |by_me| {
            if by_me { "You offered a rematch." } else { "Your opponent offers a rematch." }
        },
        declined: |what| match what {
            Offer::Takeback => "Your opponent declined to let you take back your move.",
            Offer::Draw => "Your opponent declined your draw offer.",
            Offer::Rematch => "Your opponent declined the rematch.",
        },
        chat: "Chat",
        chat_presets: ["Hello!", "Good luck!", "Have fun!", "Good game!", "Well played!", "Thank you!"],
        mute_chat: "Hide the other player's messages",
        no_messages: "No messages yet",
        chat_input: "Say something, then Enter",
    },
};

impl OnlineWords {
    /// How a player is named: their name, or "Anonymous" and their tag.
    pub fn player(&self, player: &SeatPlayer) -> String {
        match &player.name {
            Some(name) => name.clone(),
            None => format!("{} {}", self.anonymous, player.tag()),
        }
    }
}
