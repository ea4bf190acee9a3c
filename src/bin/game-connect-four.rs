//! The page's build for ConnectFour: the app with this game alone, loaded at its route.

board_suite::page!(game: board_suite::rules::connect_four::ConnectFour);
