//! The page's picker: the app with no game of its own, loaded at `#/` (and for a route it does
//! not know). Natively there is nothing to run (the rules are a library).
//!
//! Its lobby, with online play's connection, is split off this binary (scripts/split.mjs) and
//! fetched once the home page has settled, where a game server answers.

board_suite::page!(picker);
