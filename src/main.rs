//! The page's picker: the app with no game of its own, loaded at `#/` (and for a route it does
//! not know). Natively there is nothing to run (the rules are a library).

board_suite::page!(board_suite::ui::plays_none);
