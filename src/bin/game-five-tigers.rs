//! The page's build for FiveTigers: the app with this game alone, loaded at its route.

board_suite::page!(game: board_suite::rules::five_tigers::FiveTigers);
