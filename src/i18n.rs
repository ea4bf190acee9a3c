//! The interface's words in 中文 (Traditional) and English. One struct per language, so a
//! missing translation is a compile error rather than a blank on screen. A game's own words
//! live beside its page adapter, in [`Words`]; [`Text`] holds the words every page says, and
//! [`GameText`] those of a game's page, so that a binary with no game holds none of them.
//! Words only a piece of code fetched on demand says (the lobby's, online play's panels', the
//! analysis's, the extras') live beside it in [`Words`] too, and come with it.

use crate::route::LinkProblem;
use crate::rules::Illegal;
use crate::rules::record::{Problem, RecordError, TagError};
use crate::save::LoadError;

/// A language of the interface; its code is `html[lang]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    ZhHant,
    En,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::ZhHant => "zh-Hant",
            Lang::En => "en",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        [Lang::ZhHant, Lang::En].into_iter().find(|l| l.code() == code)
    }

    /// The language for a browser language tag: Chinese of any region reads Traditional here.
    pub fn for_browser(tag: &str) -> Lang {
        if tag.to_ascii_lowercase().starts_with("zh") { Lang::ZhHant } else { Lang::En }
    }

    pub fn other(self) -> Lang {
        match self {
            Lang::ZhHant => Lang::En,
            Lang::En => Lang::ZhHant,
        }
    }

    pub fn text(self) -> &'static Text {
        match self {
            Lang::ZhHant => &ZH_HANT,
            Lang::En => &EN,
        }
    }

    /// The phrases of a game's page, those every page says with them.
    pub fn game_text(self) -> &'static GameText {
        match self {
            Lang::ZhHant => &GAME_ZH_HANT,
            Lang::En => &GAME_EN,
        }
    }
}

/// Words in both languages, kept beside the feature that says them (a game's own words in its
/// page adapter) rather than in [`Text`].
pub struct Words<T: 'static> {
    pub zh_hant: T,
    pub en: T,
}

impl<T> Words<T> {
    // Not inlined into every use: the page's first load is 0.4 KB (gzip) smaller so.
    #[inline(never)]
    pub fn of(&self, lang: Lang) -> &T {
        match lang {
            Lang::ZhHant => &self.zh_hant,
            Lang::En => &self.en,
        }
    }
}

/// A side as the contract names it (`data-owner`, `data-turn`); [`Text::side`] says it in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The players of a game whose colours are decided in play, before they are.
    First,
    Second,
    Red,
    Yellow,
    Black,
    White,
}

impl Side {
    pub fn attr(self) -> &'static str {
        match self {
            Side::First => "first",
            Side::Second => "second",
            Side::Red => "red",
            Side::Yellow => "yellow",
            Side::Black => "black",
            Side::White => "white",
        }
    }
}

/// The phrases every page says: the header, the home page, the settings menu and
/// the notices of the app. Phrases with blanks are functions.
pub struct Text {
    pub lang: Lang,
    /// This language's own name, shown on the button that switches to it.
    pub name: &'static str,
    pub title: &'static str,
    pub pick_a_game: &'static str,
    /// What the suite is, under the home page's heading.
    pub tagline: &'static str,
    /// The ways to play on the home page's cards: with a friend here, the computer, online.
    pub ways_to_play: [&'static str; 3],
    /// A game in progress on this device, with its moves played so far.
    pub continue_game: fn(usize) -> String,
    /// The preferences menu and its choices.
    pub settings: &'static str,
    pub language: &'static str,
    pub theme: &'static str,
    /// The themes: following the system, light, dark.
    pub themes: [&'static str; 3],
    pub close: &'static str,
    pub not_found: fn(&str) -> String,
    /// What is wrong with a game's link, before the game as it stands.
    pub bad_link: fn(&LinkProblem) -> String,
    /// A newer version of the suite has been downloaded and waits for a reload.
    pub update_ready: &'static str,
    pub update_now: &'static str,
    /// A game's code is being fetched (the page loads each game's code when it is first opened).
    /// A page whose code is on its way.
    pub loading: &'static str,
    pub loading_game: &'static str,
    /// A game's code could not be fetched: offline before its first visit, or the server is gone.
    pub game_unavailable: &'static str,
    /// A part of a game's page fetched when first opened (its help, say) could not be.
    pub part_unavailable: &'static str,
    pub try_again: &'static str,
}

/// The phrases of a game's page, beyond those every page says ([`Text`], which it derefs to):
/// a binary with no game (the picker's) holds none of them.
pub struct GameText {
    pub shell: &'static Text,
    /// A toggle's state in words.
    pub switched: fn(bool) -> &'static str,
    /// A new game at once with the same settings.
    pub play_again: &'static str,
    /// The settings of the game being played, beside the board.
    pub this_game: &'static str,
    /// Who plays: two people here, or the computer with its level and side.
    pub hotseat: &'static str,
    pub against_computer: fn(u8, &str) -> String,
    pub review: &'static str,
    pub game_actions: &'static str,
    /// Online, undo asks the other player to take a move back.
    pub takeback: &'static str,
    pub coordinates: &'static str,
    pub side: fn(Side) -> &'static str,
    pub to_move: fn(&str) -> String,
    pub wins: fn(&str) -> String,
    /// The status said to the player against the computer or online.
    pub your_move: &'static str,
    pub computers_move: &'static str,
    pub opponents_move: &'static str,
    pub you_won: &'static str,
    pub you_lost: &'static str,
    pub computer_won: &'static str,
    pub draw: &'static str,
    pub resigned: fn(&str) -> String,
    pub draw_agreed: &'static str,
    /// A side lost on time, or by leaving the game (online play's clocks).
    pub out_of_time: fn(&str) -> String,
    pub abandoned: fn(&str) -> String,
    pub full_board: &'static str,
    pub undo: &'static str,
    pub redo: &'static str,
    pub resign: &'static str,
    pub offer_draw: &'static str,
    pub confirm_resign: fn(&str) -> String,
    pub confirm_draw: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
    /// Starts a new game: the controls' button and the result's.
    pub new_game: &'static str,
    pub moves: &'static str,
    pub no_moves_yet: &'static str,
    pub dismiss: &'static str,
    pub computer: &'static str,
    pub level: &'static str,
    pub hint: &'static str,
    pub stop: &'static str,
    pub thinking: &'static str,
    /// The computer's engine is being downloaded (the first time the computer plays).
    pub fetching_engine: &'static str,
    pub engine_failed: fn(&str) -> String,
    /// Online play (the rest of its words come with its panels' code).
    pub online: &'static str,
    pub online_unavailable: &'static str,
    /// The status while no one has taken the other seat.
    pub awaiting_opponent: &'static str,
    /// The status when a link's room is not on the server, why, and its way to start a game.
    pub no_such_game: &'static str,
    pub no_such_game_why: &'static str,
    pub start_game: &'static str,
    pub refusal: fn(Illegal) -> &'static str,
    pub save_unreadable: fn(&LoadError) -> String,
    /// Why a record could not be read, and where.
    pub record_error: fn(&RecordError) -> String,
    /// The record box, its button, and the share link.
    pub record: &'static str,
    pub load_record: &'static str,
    pub record_refused: fn(&str) -> String,
    pub share: &'static str,
    /// Reviewing: the turn shown of how many, and the buttons that step through them.
    pub reviewing: fn(usize, usize) -> String,
    pub live: &'static str,
    pub review_steps: [&'static str; 4],
    /// A game opened from a link: shown, not yet played on.
    pub shared_game: &'static str,
    pub continue_shared: &'static str,
    pub keep_mine: &'static str,
    /// Storage cannot be used: the game is played but not kept.
    pub storage_unavailable: &'static str,
    /// A save was refused: play goes on, the next move tries again.
    pub save_refused: &'static str,
    /// The player's input came after another tab had changed the game.
    pub changed_elsewhere: &'static str,
    pub empty: &'static str,
    pub rules: &'static str,
    pub end_chain: &'static str,
    pub cannot_move: fn(&str) -> String,
    pub repetition: &'static str,
    pub stone: fn(&str) -> String,
    pub next_stone: fn(&str) -> String,
    pub confirm_turn: &'static str,
    pub pass_device: &'static str,
    pub finish_turn: &'static str,
    pub clear_moves: &'static str,
    pub show_previous: &'static str,
    /// What Clear and Show previous do, in a sentence each.
    pub clear_moves_means: &'static str,
    pub show_previous_means: &'static str,
    pub start_turn: &'static str,
    pub pass_device_to: fn(&str) -> String,
    pub finish_or_clear: &'static str,
    /// A turn said after it is played, for a screen reader: the side's name and the turn in
    /// the move list's notation.
    pub played: fn(&str, &str) -> String,
    /// A turn of several actions said as one: the side's name and each action in words.
    pub actions: fn(&str, &[String]) -> String,
    /// The actions of a turn: a stone placed, a piece stepped, or taken after a step.
    pub places_on: fn(&str) -> String,
    pub steps: fn(&str, &str) -> String,
    pub takes: fn(&str) -> String,
    pub no_pieces_left: fn(&str) -> String,
    /// A tapped point on a small board waits for a second tap: what to do, said after it.
    pub tap_again: &'static str,
    /// The heading of a game's help.
    pub how_to_play: &'static str,
    /// What the page says once it has copied (a record, a link), or could not.
    pub copied: &'static str,
    pub copy_failed: &'static str,
    /// The other player left, and the one present took a draw.
    pub draw_claimed: &'static str,
    /// A game ended before both players moved.
    pub aborted: &'static str,
    /// The status of a game that ended with no result (aborted).
    pub no_result: &'static str,
    pub abort: &'static str,
    pub rematch: &'static str,
    pub reload: &'static str,
    /// The analysis's button, and the way back from playing its best line out (the rest of
    /// its words come with its panel's code).
    pub analyse: &'static str,
    pub end_preview: &'static str,
}

static EN: Text = Text {
    lang: Lang::En,
    name: "English",
    title: "Board games",
    pick_a_game: "Pick a game",
    tagline: "Five board games to play with a friend on one device, against the computer, or online with a link. Games are kept on this device and play offline.",
    ways_to_play: ["With a friend", "Computer", "Online"],
    continue_game: |plies| format!("Continue · {plies} moves played"),
    settings: "Settings",
    language: "Language",
    theme: "Theme",
    themes: ["As the system", "Light", "Dark"],
    close: "Close",
    not_found: |path| format!("There is no page “{path}”. Pick a game below."),
    bad_link: |problem| {
        let why = match problem {
            LinkProblem::Seed(seed) => {
                format!(
                    "This link asks for shuffle “{seed}”, which is not a shuffle's number (a whole number, 0 or more)."
                )
            }
            LinkProblem::Record => {
                "This link's record is cut short or garbled, so it cannot be shown.".to_owned()
            }
            LinkProblem::Room(room) if room.is_empty() => "This link names no room.".to_owned(),
            LinkProblem::Room(room) => {
                format!("“{room}” is not a room's name: rooms are named with letters and digits.")
            }
        };
        format!("{why} Here is the game as it stands.")
    },
    update_ready: "A new version is ready. Your games are saved; reload when it suits you.",
    update_now: "Reload now",
    loading: "Loading…",
    loading_game: "Loading the game…",
    game_unavailable: "This game could not be loaded. Check the connection and try again; your saved games are safe.",
    part_unavailable: "This could not be loaded. Check the connection, then open it again.",
    try_again: "Try again",
};

static GAME_EN: GameText = GameText {
    shell: &EN,
    switched: |on| if on { "On" } else { "Off" },
    play_again: "Play again",
    this_game: "This game",
    hotseat: "Two players on this device",
    against_computer: |level, side| format!("Computer, level {level}, plays {side}"),
    review: "Review the game",
    game_actions: "Game actions",
    takeback: "Ask to take back",
    coordinates: "Coordinates",
    side: |side| match side {
        Side::First => "First player",
        Side::Second => "Second player",
        Side::Red => "Red",
        Side::Yellow => "Yellow",
        Side::Black => "Black",
        Side::White => "White",
    },
    to_move: |side| format!("{side} to move"),
    wins: |side| format!("{side} wins"),
    your_move: "Your move",
    computers_move: "The computer's move",
    opponents_move: "Your opponent's move",
    you_won: "You won",
    you_lost: "You lost",
    computer_won: "The computer wins",
    draw: "Draw",
    resigned: |side| format!("{side} resigned"),
    draw_agreed: "Draw by agreement",
    out_of_time: |side| format!("{side} ran out of time"),
    abandoned: |side| format!("{side} left the game"),
    full_board: "The board is full",
    undo: "Undo",
    redo: "Redo",
    resign: "Resign",
    offer_draw: "Offer draw",
    confirm_resign: |side| format!("{side} resigns?"),
    confirm_draw: "Both players agree to a draw?",
    yes: "Yes",
    no: "No",
    new_game: "New game",
    moves: "Moves",
    no_moves_yet: "No moves yet",
    dismiss: "Dismiss",
    computer: "Computer",
    level: "Level",
    hint: "Hint",
    stop: "Move now",
    thinking: "The computer is thinking…",
    fetching_engine: "Downloading the computer player…",
    engine_failed: |why| format!("The computer could not move ({why}). Choose the opponent again to retry."),
    online: "Online",
    online_unavailable: "Online play is not available here: this copy of the page has no game server.",
    awaiting_opponent: "Waiting for an opponent to join",
    no_such_game: "No such game",
    no_such_game_why: "The link names no game on the server: it may be mistyped, or the game ended over 30 days ago.",
    start_game: "Start a game",
    refusal: |why| match why {
        Illegal::GameOver => "The game is over.",
        Illegal::ColumnFull => "That column is full.",
        Illegal::OffBoard => "That is off the board.",
        Illegal::NotAllowed => "That move is not allowed.",
        Illegal::Occupied => "That point is taken.",
        Illegal::Forbidden => "Forbidden to black under renju (double-three, double-four or overline).",
    },
    save_unreadable: |error| {
        let why = match error {
            LoadError::Unreadable => "it is damaged".to_owned(),
            LoadError::OtherFormat { found } if *found > crate::save::FORMAT => {
                "it is from a newer version".to_owned()
            }
            LoadError::OtherFormat { .. } => "it is from an older version".to_owned(),
            LoadError::OtherGame { .. } => "it belongs to another game".to_owned(),
            LoadError::IllegalMove { ply, .. } => format!("move {} is not legal", ply + 1),
            LoadError::Record(error) => (GAME_EN.record_error)(error),
        };
        format!(
            "Your saved game could not be read ({why}), so a new game has started. The old save is kept as a backup."
        )
    },
    record_error: |error| {
        let why = match &error.problem {
            Problem::Empty => "there is no record in it".to_owned(),
            Problem::Unclosed => "a tag, comment or variation does not end".to_owned(),
            Problem::OtherGame(game) => format!("it is a record of another game ({game})"),
            Problem::Tag(TagError::Value(tag)) => format!("its {tag} tag is not one this game knows"),
            Problem::Tag(TagError::Setup(tag, _)) => {
                format!("its {tag} tag describes a position that cannot occur")
            }
            Problem::Tag(TagError::Shown) => {
                "the pieces its moves reveal cannot come from one set".to_owned()
            }
            Problem::Move { turn, text } => format!("move {turn}, “{text}”, is not legal there"),
            Problem::AfterEnd { turn, text } => {
                format!("move {turn}, “{text}”, comes after the game has ended")
            }
        };
        format!("line {}: {why}", error.line)
    },
    record: "Record",
    load_record: "Load record",
    record_refused: |why| format!("The record could not be loaded ({why}). Your game is unchanged."),
    share: "Link to this position",
    reviewing: |shown, of| format!("Reviewing: after move {shown} of {of}"),
    live: "Back to the game",
    review_steps: ["First move", "Previous move", "Next move", "Last move"],
    shared_game: "A shared game, shown for review. Continue it as a new game here, or keep your own game.",
    continue_shared: "Continue as a new game",
    keep_mine: "Keep my game",
    storage_unavailable: "This browser does not let the suite keep anything (a private window, or storage turned off). You can play, but this game will not survive a reload.",
    save_refused: "This game could not be saved (storage is full or blocked). Play goes on, but it will not survive a reload; each move tries to save it again.",
    changed_elsewhere: "This game was changed in another tab; that game is shown now, and your move was not played.",
    empty: "empty",
    rules: "Rules",
    end_chain: "End the turn",
    cannot_move: |side| format!("{side} cannot move"),
    repetition: "The same position a third time",
    stone: |side| format!("{side} stone"),
    next_stone: |side| format!("{side}'s bowl: drag a stone onto a point or click a point"),
    confirm_turn: "Confirm each turn (Finish Turn)",
    pass_device: "Pass the device: cover the board between turns",
    finish_turn: "Finish turn",
    clear_moves: "Clear this turn",
    show_previous: "Replay last move",
    clear_moves_means: "Takes back the steps of this turn, not yet finished",
    show_previous_means: "Draws the last move on the board again",
    start_turn: "Start turn",
    pass_device_to: |side| format!("{side} to move: pass the device"),
    finish_or_clear: "Finish the turn, or clear the moves to change it",
    played: |side, turn| format!("{side}: {turn}"),
    actions: |side, actions| format!("{side} {}", actions.join(", ")),
    places_on: |point| format!("places on {point}"),
    steps: |from, to| format!("steps {from} to {to}"),
    takes: |point| format!("takes {point}"),
    no_pieces_left: |side| format!("{side} has no pieces left"),
    tap_again: "Tap again to play here, or tap elsewhere",
    how_to_play: "How to play",
    copied: "Copied",
    copy_failed: "Could not copy: select the text and copy it by hand",
    draw_claimed: "Drawn: the other player left",
    aborted: "Game aborted: no result",
    no_result: "No result",
    abort: "Abort",
    rematch: "Rematch",
    reload: "Reload",
    analyse: "Analyse",
    end_preview: "Back to the position",
};

static ZH_HANT: Text = Text {
    lang: Lang::ZhHant,
    name: "中文",
    title: "棋盤遊戲",
    pick_a_game: "選一個遊戲",
    tagline: "五款棋類遊戲：與朋友同機對弈、挑戰電腦，或用連結線上對弈。對局保存在這台裝置上，離線也能玩。",
    ways_to_play: ["與朋友對弈", "對戰電腦", "線上對弈"],
    continue_game: |plies| format!("繼續對局 · 已下 {plies} 手"),
    settings: "設定",
    language: "語言",
    theme: "主題",
    themes: ["跟隨系統", "淺色", "深色"],
    close: "關閉",
    not_found: |path| format!("找不到頁面「{path}」。請在下方選擇遊戲。"),
    bad_link: |problem| {
        let why = match problem {
            LinkProblem::Seed(seed) => format!("此連結要求的洗牌編號「{seed}」無效（須為 0 以上的整數）。"),
            LinkProblem::Record => "此連結的棋譜不完整或已損壞，無法顯示。".to_owned(),
            LinkProblem::Room(room) if room.is_empty() => "此連結未指明房間。".to_owned(),
            LinkProblem::Room(room) => format!("「{room}」不是房間名稱：房間名稱只含字母和數字。"),
        };
        format!("{why}以下是目前的對局。")
    },
    update_ready: "新版本已就緒。對局都已保存，方便時重新載入即可。",
    update_now: "立即重新載入",
    loading: "載入中…",
    loading_game: "正在載入遊戲…",
    game_unavailable: "無法載入此遊戲。請檢查網路連線後再試；已保存的對局不受影響。",
    part_unavailable: "無法載入這部分。請檢查網路連線後再打開一次。",
    try_again: "再試一次",
};

static GAME_ZH_HANT: GameText = GameText {
    shell: &ZH_HANT,
    switched: |on| if on { "開" } else { "關" },
    play_again: "再來一局",
    this_game: "本局設定",
    hotseat: "雙人同機對弈",
    against_computer: |level, side| format!("電腦 · 等級 {level} · 執{side}"),
    review: "回顧棋局",
    game_actions: "對局操作",
    takeback: "請求悔棋",
    coordinates: "座標",
    side: |side| match side {
        Side::First => "先手",
        Side::Second => "後手",
        Side::Red => "紅方",
        Side::Yellow => "黃方",
        Side::Black => "黑方",
        Side::White => "白方",
    },
    to_move: |side| format!("輪到{side}"),
    wins: |side| format!("{side}勝"),
    your_move: "輪到你了",
    computers_move: "輪到電腦",
    opponents_move: "輪到對手",
    you_won: "你贏了",
    you_lost: "你輸了",
    computer_won: "電腦勝",
    draw: "和棋",
    resigned: |side| format!("{side}認輸"),
    draw_agreed: "雙方議和",
    out_of_time: |side| format!("{side}超時判負"),
    abandoned: |side| format!("{side}離開對局"),
    full_board: "棋盤已滿",
    undo: "悔棋",
    redo: "撤銷悔棋",
    resign: "認輸",
    offer_draw: "提和",
    confirm_resign: |side| format!("{side}確定認輸？"),
    confirm_draw: "雙方同意和棋？",
    yes: "確定",
    no: "取消",
    new_game: "新對局",
    moves: "棋譜",
    no_moves_yet: "尚未落子",
    dismiss: "關閉",
    computer: "電腦",
    level: "等級",
    hint: "提示",
    stop: "立即走棋",
    thinking: "電腦思考中…",
    fetching_engine: "正在下載電腦棋手…",
    engine_failed: |why| format!("電腦無法走棋（{why}）。請重新選擇對手以再試。"),
    online: "線上對弈",
    online_unavailable: "此處無法線上對弈：這份網頁沒有遊戲伺服器。",
    awaiting_opponent: "等待對手加入",
    no_such_game: "沒有這場對局",
    no_such_game_why: "伺服器上沒有這個連結所指的對局：連結可能打錯了，或對局已結束超過 30 天。",
    start_game: "開始對局",
    refusal: |why| match why {
        Illegal::GameOver => "對局已經結束。",
        Illegal::ColumnFull => "這一行已經滿了。",
        Illegal::OffBoard => "超出棋盤。",
        Illegal::NotAllowed => "不能這樣走。",
        Illegal::Occupied => "這一點已經有子了。",
        Illegal::Forbidden => "連珠規則：黑方禁手（雙三、雙四或長連）。",
    },
    save_unreadable: |error| {
        let why = match error {
            LoadError::Unreadable => "存檔已損毀".to_owned(),
            LoadError::OtherFormat { found } if *found > crate::save::FORMAT => {
                "存檔來自較新的版本".to_owned()
            }
            LoadError::OtherFormat { .. } => "存檔來自較舊的版本".to_owned(),
            LoadError::OtherGame { .. } => "存檔屬於另一個遊戲".to_owned(),
            LoadError::IllegalMove { ply, .. } => format!("第 {} 步不合規則", ply + 1),
            LoadError::Record(error) => (GAME_ZH_HANT.record_error)(error),
        };
        format!("無法讀取已儲存的對局（{why}），已開始新對局。舊的存檔另存為備份。")
    },
    record_error: |error| {
        let why = match &error.problem {
            Problem::Empty => "內容是空的".to_owned(),
            Problem::Unclosed => "有未結束的標籤、註解或變化".to_owned(),
            Problem::OtherGame(game) => format!("這是另一個遊戲（{game}）的棋譜"),
            Problem::Tag(TagError::Value(tag)) => format!("{tag} 標籤的值不適用於本遊戲"),
            Problem::Tag(TagError::Setup(tag, _)) => format!("{tag} 標籤描述的局面不可能出現"),
            Problem::Tag(TagError::Shown) => "翻出的棋子不可能來自同一副棋".to_owned(),
            Problem::Move { turn, text } => format!("第 {turn} 步「{text}」在該局面不合規則"),
            Problem::AfterEnd { turn, text } => format!("第 {turn} 步「{text}」出現在對局結束之後"),
        };
        format!("第 {} 行：{why}", error.line)
    },
    record: "棋譜",
    load_record: "載入棋譜",
    record_refused: |why| format!("無法載入棋譜（{why}）。目前的對局沒有改變。"),
    share: "本局面的連結",
    reviewing: |shown, of| format!("回顧中：第 {shown} 步（共 {of} 步）之後"),
    live: "回到對局",
    review_steps: ["第一步", "上一步", "下一步", "最後一步"],
    shared_game: "這是分享的對局，正在回顧。可以在此把它當作新對局繼續，或保留您自己的對局。",
    continue_shared: "當作新對局繼續",
    keep_mine: "保留我的對局",
    storage_unavailable: "此瀏覽器不允許保存任何資料（可能是私密視窗或已關閉儲存）。仍可對弈，但重新載入後本局將不會保留。",
    save_refused: "無法保存本局（儲存空間已滿或遭封鎖）。對弈可繼續，但重新載入後將不會保留；之後每一步都會再嘗試保存。",
    changed_elsewhere: "本局已在另一個分頁中變更；現在顯示的是該局，您的這一步沒有下出。",
    empty: "空",
    rules: "規則",
    end_chain: "結束這一回合",
    cannot_move: |side| format!("{side}無棋可走"),
    repetition: "同一局面出現第三次",
    stone: |side| format!("{side}棋子"),
    next_stone: |side| format!("{side}的棋罐：把棋子拖到點上，或點選一點"),
    confirm_turn: "每回合確認（完成回合）",
    pass_device: "交換裝置：回合之間遮住棋盤",
    finish_turn: "完成回合",
    clear_moves: "清除本回合",
    show_previous: "重播上一步",
    clear_moves_means: "收回本回合尚未完成的各步",
    show_previous_means: "在棋盤上再畫出上一步",
    start_turn: "開始回合",
    pass_device_to: |side| format!("輪到{side}：請交換裝置"),
    finish_or_clear: "請完成回合，或清除走法重走",
    played: |side, turn| format!("{side}：{turn}"),
    actions: |side, actions| format!("{side}{}", actions.join("，")),
    places_on: |point| format!("下在 {point}"),
    steps: |from, to| format!(" {from} 走到 {to}"),
    takes: |point| format!("吃 {point}"),
    no_pieces_left: |side| format!("{side}已無棋子"),
    tap_again: "再點一下即下在這裡，或點別處",
    how_to_play: "玩法說明",
    copied: "已複製",
    copy_failed: "無法複製：請選取文字後自行複製",
    draw_claimed: "和棋：對方已離開",
    aborted: "對局已中止，不計結果",
    no_result: "不計結果",
    abort: "中止對局",
    rematch: "再戰一局",
    reload: "重新載入",
    analyse: "分析對局",
    end_preview: "回到此局面",
};

impl std::ops::Deref for GameText {
    type Target = Text;

    fn deref(&self) -> &Text {
        self.shell
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browser_languages_map_to_ours() {
        for tag in ["zh", "zh-TW", "zh-Hant-HK", "zh-CN", "ZH-tw"] {
            assert_eq!(Lang::for_browser(tag), Lang::ZhHant);
        }
        for tag in ["en", "en-GB", "fr", ""] {
            assert_eq!(Lang::for_browser(tag), Lang::En);
        }
        assert_eq!(Lang::from_code("zh-Hant"), Some(Lang::ZhHant));
        assert_eq!(Lang::from_code("xx"), None);
    }
}
