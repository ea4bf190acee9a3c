// The files of the page's font (styles/main.css) that a route's first screen draws besides the
// one every page preloads. A browser fetches a file of the font only for a screen that draws one
// of its characters (and has no font of its own for it), so the size report counts each on the
// routes named here, and routes.test.mjs checks that each route's first screen draws these.
export const ROUTE_FONTS = {
  // The dark-chess card's picture.
  '#/': ['board-pieces.woff2'],
  // The house rules' names in the English rules, then the pieces.
  '#/dark-chess': ['board-pieces.woff2'],
  // The names in the English rules.
  '#/five-tigers': ['board-tigers.woff2'],
};
