//! The page's build for DarkChess: the app with this game alone, loaded at its route.

board_suite::page!(board_suite::ui::plays::<board_suite::rules::dark_chess::DarkChess>);
