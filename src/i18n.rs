//! The interface's words in 中文 (Traditional) and English. One struct per language, so a
//! missing translation is a compile error rather than a blank on screen. A game's own words
//! live beside its page adapter, in [`Words`]; [`Text`] holds the words every page says, and
//! [`GameText`] those of a game's page, so that a binary with no game holds none of them.

use crate::protocol::{ErrorCode, Offer};
use crate::route::LinkProblem;
use crate::rules::Illegal;
use crate::rules::clock::TimeControl;
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

/// The phrases every page says: the header, the home page, the settings menu, the lobby and
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
    /// A time control in words (`3 min + 2 s`).
    pub time_words: fn(TimeControl) -> String,
    /// The lobby: its heading, the games and players counted, an empty list, a seek's button,
    /// and this device's own seek with its button.
    pub lobby: &'static str,
    pub lobby_counts: fn(u64, u64) -> String,
    pub lobby_empty: &'static str,
    pub join_seek: &'static str,
    pub own_seek: &'static str,
    pub withdraw_seek: &'static str,
}

/// The phrases of a game's page, beyond those every page says ([`Text`], which it derefs to):
/// a binary with no game (the picker's) holds none of them.
pub struct GameText {
    pub shell: &'static Text,
    pub renderer: &'static str,
    /// A toggle's state in words.
    pub switched: fn(bool) -> &'static str,
    /// The new-game dialog: its title is `new_game`.
    pub start: &'static str,
    pub cancel: &'static str,
    pub or_online: &'static str,
    pub ends_current: &'static str,
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
    /// The new-game dialog's choice of opponent, made in the game in progress.
    pub apply_now: &'static str,
    pub invite_friend: &'static str,
    /// The renderer switch, naming the renderer it switches to.
    pub use_canvas: &'static str,
    pub use_dom: &'static str,
    pub move_numbers: &'static str,
    pub coordinates: &'static str,
    pub animations: &'static str,
    pub sound: &'static str,
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
    pub confirm_restart: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
    /// Starts a new game: the controls' button and the result's.
    pub new_game: &'static str,
    pub view_board: &'static str,
    pub moves: &'static str,
    pub no_moves_yet: &'static str,
    pub dismiss: &'static str,
    pub opponent: &'static str,
    pub human: &'static str,
    pub computer: &'static str,
    pub computer_plays: &'static str,
    pub level: &'static str,
    pub hint: &'static str,
    pub stop: &'static str,
    pub thinking: &'static str,
    /// The computer's engine is being downloaded (the first time the computer plays).
    pub fetching_engine: &'static str,
    pub engine_failed: fn(&str) -> String,
    /// Online play: its buttons, the connection, the seat, the other device and offers.
    pub online: &'static str,
    pub play_online: &'static str,
    pub quick_match: &'static str,
    pub leave_online: &'static str,
    pub invite: &'static str,
    pub connection: fn(&str) -> &'static str,
    pub online_unavailable: &'static str,
    pub you_play: fn(&str) -> String,
    pub watching: &'static str,
    pub waiting_for_match: &'static str,
    pub waiting_for_opponent: &'static str,
    /// The status while no one has taken the other seat.
    pub awaiting_opponent: &'static str,
    /// Connected to the server, in no room: the one asked for was refused.
    pub in_no_game: &'static str,
    pub opponent_away: &'static str,
    pub offered: fn(bool, bool) -> &'static str,
    pub accept: &'static str,
    pub decline: &'static str,
    /// The server's refusal, from its code.
    pub server_refused: fn(ErrorCode) -> &'static str,
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
    pub rules_locked: &'static str,
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
    /// The record box's buttons: copy the record, save it as a file, copy the link; and what
    /// the page says once it has copied, or could not.
    pub copy_record: &'static str,
    pub download_record: &'static str,
    pub copy_link: &'static str,
    /// Beside an online room's invite link: copy it, share it.
    pub copy_invite: &'static str,
    pub share_invite: &'static str,
    pub copied: &'static str,
    pub copy_failed: &'static str,
    /// The computer's levels by name, weakest first, shown beside their numbers.
    pub level_names: [&'static str; crate::engine::LEVELS as usize],
    /// The other player left, and the one present took a draw.
    pub draw_claimed: &'static str,
    /// A game ended before both players moved.
    pub aborted: &'static str,
    /// The status of a game that ended with no result (aborted).
    pub no_result: &'static str,
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
    /// A side's clock, named for a screen reader; and the time left, said at 60, 30 and 10 s.
    pub clock_of: fn(&str) -> String,
    pub time_left: fn(&str, u64) -> String,
    /// Before the first moves: the side to move and the time left to make one.
    pub first_move_in: fn(&str, &str) -> String,
    pub abort: &'static str,
    /// The other player is away on their turn: the seconds until a claim, 0 once it may be made.
    pub gone: fn(u64) -> String,
    pub claim_win: &'static str,
    pub claim_draw: &'static str,
    pub rematch: &'static str,
    /// A rematch offered, by this device or by the other.
    pub rematch_offered: fn(bool) -> &'static str,
    /// This device's offer, declined by the other side.
    pub declined: fn(Offer) -> &'static str,
    pub reload: &'static str,
    /// The chat: its heading, its messages in the order of `protocol::PRESETS`, the switch
    /// that hides the other player's, and what it says when empty.
    pub chat: &'static str,
    pub chat_presets: [&'static str; 6],
    pub mute_chat: &'static str,
    pub no_messages: &'static str,
    /// The analysis: its button, panel, progress and stop; the first side's chance in the
    /// position shown and over the game; the best line and the way back from playing it out;
    /// a player's accuracy; a Connect Four column's exact value; a new game from a position.
    pub analyse: &'static str,
    pub analysis: &'static str,
    pub positions_analysed: &'static str,
    pub stop_analysis: &'static str,
    pub chance: fn(&str, u32) -> String,
    pub chance_graph: &'static str,
    pub best_line: &'static str,
    pub end_preview: &'static str,
    pub accuracy: fn(&str, Option<u32>) -> String,
    pub wins_in: fn(u32) -> String,
    pub loses_in: fn(u32) -> String,
    pub draw_value: &'static str,
    pub continue_computer: &'static str,
    pub continue_hotseat: &'static str,
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
    time_words: |control| match control {
        TimeControl::Untimed => "Untimed".to_owned(),
        TimeControl::Fischer { base, increment } if base % 60 == 0 => {
            format!("{} min + {increment} s", base / 60)
        }
        TimeControl::Fischer { base, increment } => format!("{base} s + {increment} s"),
        TimeControl::Correspondence { days: 1 } => "1 day a move".to_owned(),
        TimeControl::Correspondence { days } => format!("{days} days a move"),
    },
    lobby: "Open games",
    lobby_counts: |games, players| {
        let games =
            if games == 1 { "1 game being played".to_owned() } else { format!("{games} games being played") };
        let players =
            if players == 1 { "1 player online".to_owned() } else { format!("{players} players online") };
        format!("{games} · {players}")
    },
    lobby_empty: "No open games now: post one from a game's New game dialog.",
    join_seek: "Play",
    own_seek: "Your game: waiting for an opponent",
    withdraw_seek: "Withdraw",
};

static GAME_EN: GameText = GameText {
    shell: &EN,
    renderer: "Board drawn with",
    switched: |on| if on { "On" } else { "Off" },
    start: "Start",
    cancel: "Cancel",
    or_online: "Or play online",
    ends_current: "Starting ends the game in progress.",
    play_again: "Play again",
    this_game: "This game",
    hotseat: "Two players on this device",
    against_computer: |level, side| format!("Computer, level {level}, plays {side}"),
    review: "Review the game",
    game_actions: "Game actions",
    takeback: "Ask to take back",
    apply_now: "Change in this game",
    invite_friend: "Invite a friend",
    use_canvas: "Canvas",
    use_dom: "HTML",
    move_numbers: "Move numbers",
    coordinates: "Coordinates",
    animations: "Animations",
    sound: "Sound",
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
    confirm_restart: "Start a new game? This one will be lost.",
    yes: "Yes",
    no: "No",
    new_game: "New game",
    view_board: "See the board",
    moves: "Moves",
    no_moves_yet: "No moves yet",
    dismiss: "Dismiss",
    opponent: "Opponent",
    human: "A friend on this device",
    computer: "Computer",
    computer_plays: "Computer plays",
    level: "Level",
    hint: "Hint",
    stop: "Move now",
    thinking: "The computer is thinking…",
    fetching_engine: "Downloading the computer player…",
    engine_failed: |why| format!("The computer could not move ({why}). Choose the opponent again to retry."),
    online: "Online",
    play_online: "Play online",
    quick_match: "Quick match",
    leave_online: "Leave online game",
    invite: "Invite link",
    connection: |state| match state {
        "open" => "Connected",
        "connecting" => "Connecting…",
        _ => "Connection lost: reconnecting…",
    },
    online_unavailable: "Online play is not available here: this copy of the page has no game server.",
    you_play: |side| format!("You play {side}"),
    watching: "You are watching",
    waiting_for_match: "Waiting for an opponent with the same rules and clock…",
    waiting_for_opponent: "Waiting for your opponent to join: send them the invite link.",
    awaiting_opponent: "Waiting for an opponent to join",
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
        ErrorCode::NoRoom => "There is no such game on the server (it may have ended more than 30 days ago).",
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
        // What this page never asks wrongly, or rules it offered: said plainly.
        ErrorCode::Malformed
        | ErrorCode::TooLarge
        | ErrorCode::UnknownGame
        | ErrorCode::BadRules
        | ErrorCode::NotSeated => "The server refused that.",
    },
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
    rules_locked: "Rules can be changed until the first move.",
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
    copy_record: "Copy record",
    download_record: "Download record",
    copy_link: "Copy link to this record",
    copy_invite: "Copy invite",
    share_invite: "Share",
    copied: "Copied",
    copy_failed: "Could not copy: select the text and copy it by hand",
    level_names: ["Beginner", "Casual", "Intermediate", "Advanced", "Expert", "Master"],
    draw_claimed: "Drawn: the other player left",
    aborted: "Game aborted: no result",
    no_result: "No result",
    time_control: "Time control",
    time_kinds: ["Untimed", "Clock: base + increment", "Correspondence: days a move"],
    base_seconds: "Base, in seconds",
    increment_seconds: "Increment, in seconds",
    days_per_move: "Days a move",
    time_out_of_range: "The base is 15 to 10,800 seconds (3 hours), the increment 0 to 180 seconds.",
    seek: "Post in the lobby",
    clock_of: |side| format!("{side}'s clock"),
    time_left: |side, seconds| format!("{side}: {seconds} seconds left"),
    first_move_in: |side, time| format!("{side} has {time} to make a first move, or the game is aborted."),
    abort: "Abort",
    gone: |seconds| match seconds {
        0 => "Your opponent has left: you may claim the win, or a draw.".to_owned(),
        _ => format!("Your opponent has left. You may claim the game in {seconds} s."),
    },
    claim_win: "Claim the win",
    claim_draw: "Claim a draw",
    rematch: "Rematch",
    rematch_offered: |by_me| if by_me { "You offered a rematch." } else { "Your opponent offers a rematch." },
    declined: |what| match what {
        Offer::Takeback => "Your opponent declined to let you take back your move.",
        Offer::Draw => "Your opponent declined your draw offer.",
        Offer::Rematch => "Your opponent declined the rematch.",
    },
    reload: "Reload",
    chat: "Chat",
    chat_presets: ["Hello!", "Good luck!", "Have fun!", "Good game!", "Well played!", "Thank you!"],
    mute_chat: "Hide the other player's messages",
    no_messages: "No messages yet",
    analyse: "Analyse",
    analysis: "Analysis",
    positions_analysed: "Positions analysed",
    stop_analysis: "Stop",
    chance: |side, chance| format!("{side}'s chance of winning: {chance}%"),
    chance_graph: "The first side's chance of winning over the game",
    best_line: "Best line",
    end_preview: "Back to the position",
    accuracy: |side, accuracy| match accuracy {
        Some(accuracy) => format!("{side}: {accuracy}% accuracy"),
        None => side.to_owned(),
    },
    wins_in: |plies| format!("wins in {plies}"),
    loses_in: |plies| format!("loses in {plies}"),
    draw_value: "draw",
    continue_computer: "Play on against the computer",
    continue_hotseat: "Play on with a friend",
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
    time_words: |control| match control {
        TimeControl::Untimed => "不限時".to_owned(),
        TimeControl::Fischer { base, increment } if base % 60 == 0 => {
            format!("{} 分 + {increment} 秒", base / 60)
        }
        TimeControl::Fischer { base, increment } => format!("{base} 秒 + {increment} 秒"),
        TimeControl::Correspondence { days } => format!("每步 {days} 天"),
    },
    lobby: "公開對局",
    lobby_counts: |games, players| format!("進行中 {games} 局 · 線上 {players} 人"),
    lobby_empty: "目前沒有公開對局：可在任一遊戲的「新對局」中開局。",
    join_seek: "加入",
    own_seek: "你開的局：等待對手",
    withdraw_seek: "撤回",
};

static GAME_ZH_HANT: GameText = GameText {
    shell: &ZH_HANT,
    renderer: "棋盤繪製方式",
    switched: |on| if on { "開" } else { "關" },
    start: "開始",
    cancel: "取消",
    or_online: "或線上對弈",
    ends_current: "開始新對局會結束目前這一局。",
    play_again: "再來一局",
    this_game: "本局設定",
    hotseat: "雙人同機對弈",
    against_computer: |level, side| format!("電腦 · 等級 {level} · 執{side}"),
    review: "回顧棋局",
    game_actions: "對局操作",
    takeback: "請求悔棋",
    apply_now: "套用到本局",
    invite_friend: "邀請朋友",
    use_canvas: "Canvas",
    use_dom: "HTML",
    move_numbers: "顯示手數",
    coordinates: "座標",
    animations: "動畫",
    sound: "音效",
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
    confirm_restart: "開始新對局？目前這局將會消失。",
    yes: "確定",
    no: "取消",
    new_game: "新對局",
    view_board: "查看棋盤",
    moves: "棋譜",
    no_moves_yet: "尚未落子",
    dismiss: "關閉",
    opponent: "對手",
    human: "朋友（同一裝置）",
    computer: "電腦",
    computer_plays: "電腦執",
    level: "等級",
    hint: "提示",
    stop: "立即走棋",
    thinking: "電腦思考中…",
    fetching_engine: "正在下載電腦棋手…",
    engine_failed: |why| format!("電腦無法走棋（{why}）。請重新選擇對手以再試。"),
    online: "線上對弈",
    play_online: "線上對弈",
    quick_match: "快速配對",
    leave_online: "離開線上對局",
    invite: "邀請連結",
    connection: |state| match state {
        "open" => "已連線",
        "connecting" => "連線中…",
        _ => "連線中斷：重新連線中…",
    },
    online_unavailable: "此處無法線上對弈：這份網頁沒有遊戲伺服器。",
    you_play: |side| format!("你執{side}"),
    watching: "你正在觀戰",
    waiting_for_match: "正在等待相同規則與時限的對手…",
    waiting_for_opponent: "等待對手加入：請把邀請連結傳給對方。",
    awaiting_opponent: "等待對手加入",
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
        ErrorCode::Malformed
        | ErrorCode::TooLarge
        | ErrorCode::UnknownGame
        | ErrorCode::BadRules
        | ErrorCode::NotSeated => "伺服器拒絕了這個請求。",
    },
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
    rules_locked: "第一步之前可以更改規則。",
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
    copy_record: "複製棋譜",
    download_record: "下載棋譜",
    copy_link: "複製本棋譜連結",
    copy_invite: "複製邀請",
    share_invite: "分享",
    copied: "已複製",
    copy_failed: "無法複製：請選取文字後自行複製",
    level_names: ["入門", "休閒", "中級", "進階", "高手", "大師"],
    draw_claimed: "和棋：對方已離開",
    aborted: "對局已中止，不計結果",
    no_result: "不計結果",
    time_control: "時限",
    time_kinds: ["不限時", "棋鐘：基本時間＋每步加秒", "通信賽：每步天數"],
    base_seconds: "基本時間（秒）",
    increment_seconds: "每步加秒",
    days_per_move: "每步天數",
    time_out_of_range: "基本時間須為 15 至 10,800 秒（3 小時），每步加秒須為 0 至 180 秒。",
    seek: "在大廳開局",
    clock_of: |side| format!("{side}的棋鐘"),
    time_left: |side, seconds| format!("{side}剩 {seconds} 秒"),
    first_move_in: |side, time| format!("{side}須在 {time} 內走出第一步，否則對局中止。"),
    abort: "中止對局",
    gone: |seconds| match seconds {
        0 => "對手已離開：你可以宣告勝利或和棋。".to_owned(),
        _ => format!("對手已離開。{seconds} 秒後可以宣告勝利或和棋。"),
    },
    claim_win: "宣告勝利",
    claim_draw: "宣告和棋",
    rematch: "再戰一局",
    rematch_offered: |by_me| {
        if by_me { "你已提議再戰一局。" } else { "對手提議再戰一局。" }
    },
    declined: |what| match what {
        Offer::Takeback => "對手不同意你悔棋。",
        Offer::Draw => "對手拒絕了你的和棋提議。",
        Offer::Rematch => "對手拒絕了再戰一局。",
    },
    reload: "重新載入",
    chat: "聊天",
    chat_presets: ["你好！", "祝你好運！", "玩得開心！", "好棋局！", "下得好！", "謝謝！"],
    mute_chat: "隱藏對手的訊息",
    no_messages: "還沒有訊息",
    analyse: "分析對局",
    analysis: "分析",
    positions_analysed: "已分析的局面",
    stop_analysis: "停止",
    chance: |side, chance| format!("{side}勝率：{chance}%"),
    chance_graph: "先手方在全局的勝率",
    best_line: "最佳著法",
    end_preview: "回到此局面",
    accuracy: |side, accuracy| match accuracy {
        Some(accuracy) => format!("{side}：準確度 {accuracy}%"),
        None => side.to_owned(),
    },
    wins_in: |plies| format!("{plies} 步內勝"),
    loses_in: |plies| format!("{plies} 步內負"),
    draw_value: "和棋",
    continue_computer: "由此與電腦續下",
    continue_hotseat: "由此與朋友續下",
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
