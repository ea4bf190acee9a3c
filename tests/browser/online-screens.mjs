// Saves pictures of the online screens, against a stand-in for the server (fake-server.mjs):
// the new-game dialog's time control, a timed game with its clocks, chat and abort, a game
// left by the other player with its claims, a game over with a rematch offered, the lobby at
// home and on a game's page, and a record's clocks under review; at a phone's and a laptop's
// size, in both languages, light and dark, to tests/browser/artifacts/online/<size>-<lang>-
// <theme>-<screen>.png. Usage: node tests/browser/online-screens.mjs [size ...] (after
// `trunk build --release`).
import { mkdirSync } from 'node:fs';
import { button, finiteAnimationsEnded, launch, serve } from './harness.mjs';
import { fakeServer, state } from './fake-server.mjs';

const SIZES = process.argv.length > 2 ? process.argv.slice(2) : ['390x844', '1280x800'];
const out = new URL('./artifacts/online/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const server = await serve();
const browser = await launch({ serviceWorkers: 'block' });

const record = (moves, tags = '') => `[Game "connect-four"]\n${tags}\n${moves}\n`;
const SEEKS = {
  v: 3, type: 'lobby', games: 3, players: 9, seeks: [
    { room: 'seekgomoku1', game: 'gomoku', rules: '[Rules "renju"]', time: 'fischer:180+2' },
    { room: 'seekcheckers', game: 'checkers', rules: '', time: 'correspondence:3' },
    { room: 'fakeroom1', game: 'connect-four', rules: '', time: 'untimed' },
  ],
};

for (const size of SIZES) {
  const [width, height] = size.split('x').map(Number);
  for (const lang of ['en', 'zh-Hant']) {
    for (const theme of ['light', 'dark']) {
      const storage = {
        'board-suite/lang': lang, 'board-suite/theme': theme, 'board-suite/online/fakeroom1': 'faketoken',
      };
      const shot = async (page, name) => {
        await finiteAnimationsEnded(page);
        await page.screenshot({ path: `${out}${size}-${lang}-${theme}-${name}.png`, fullPage: true });
      };
      const page = await browser.newPage();
      const fake = await fakeServer(page);
      fake.answer('lobby', () => SEEKS);
      // Storage set on a page of the origin that runs no app.
      await page.goto(server.url + 'storage-setup');
      await page.evaluate((items) => {
        localStorage.clear();
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, storage);
      await page.goto(server.url + 'index.html#/');
      await page.setViewportSize({ width, height });
      await page.locator('[data-lobby] [data-seek]').first().waitFor();
      await shot(page, 'home-lobby');

      await page.goto(server.url + 'index.html#/connect-four');
      await page.locator('[data-board]').waitFor();
      await page.locator('[data-lobby] [data-seek]').first().waitFor();
      await shot(page, 'game-lobby');

      await button(page, 'new-game').click();
      await page.locator('[data-setting="time-control"]').selectOption('fischer');
      await page.locator('[data-dialog="new-game"] button[data-preset="3+2"]').click();
      await shot(page, 'new-game-fischer');
      await page.locator('[data-setting="base"]').fill('5');
      await page.locator('[data-time-error]').waitFor();
      await shot(page, 'new-game-refused');
      await page.locator('[data-dialog="new-game"] button[data-preset="1+0"]').click();
      await button(page, 'online').click();
      await page.locator('[data-status][data-seat="red"]').waitFor();
      const at = Date.now();
      fake.send(state({
        version: 2, time: 'fischer:60+0', record: record('1. 4 {[%clk 0:00:58]} 4 {[%clk 0:00:55]} 2. 3 {[%clk 0:00:50]}', '[TimeControl "60+0"]'),
        turns: 3, to_move: 'second', clocks: [50_000, 8_400], running: 'second',
        chat: [{ from: 'first', preset: 'hello' }, { from: 'second', preset: 'good-luck' }, { from: 'first', preset: 'have-fun' }],
      }));
      await page.locator('[data-clock="yellow"][data-low]').waitFor();
      await shot(page, 'timed-game');
      fake.send(state({ version: 3, record: record('1. 4'), turns: 1, to_move: 'second', abort_in: 24_000, time: 'fischer:60+0', clocks: [60_000, 60_000] }));
      await page.locator('[data-first-move]').waitFor();
      await shot(page, 'first-move');
      fake.send(state({
        version: 4, record: record('1. 4 4 2. 3'), turns: 3, to_move: 'second', online: [true, false], claim_in: 0,
        time: 'fischer:60+0', clocks: [50_000, 40_000], running: 'second',
      }));
      await page.locator('[data-gone] button[data-action="claim-win"]:not([disabled])').waitFor();
      await shot(page, 'claim');
      fake.send(state({
        version: 5, record: record('1. 4 4 2. 3 3 3. 5 5 4. 6 1-0', '[Result "1-0"]\n[TimeControl "60+0"]'), turns: 7, to_move: 'second',
        over: true, termination: 'rules', time: 'fischer:60+0', clocks: [41_000, 30_000], offer: { what: 'rematch', by: 'second' },
      }));
      await page.locator('[data-offer="rematch"]').waitFor();
      await shot(page, 'rematch-offered');
      // A record with clocks, loaded and reviewed at its second turn.
      await button(page, 'leave-online').click();
      await page.locator('details.record summary').click();
      await page.locator('[data-record]').fill(record('1. 4 {[%clk 0:02:58]} 4 {[%clk 0:02:51]} 2. 3 {[%clk 0:02:40]} *', '[TimeControl "180+2"]'));
      await button(page, 'load-record').click();
      await page.locator('[data-moves] [data-move] button').nth(1).click();
      await page.locator('[data-status][data-review]').waitFor();
      await shot(page, 'review-clocks');
      await page.close();
      console.log(`${size} ${lang} ${theme}: ${Date.now() - at} ms`);
    }
  }
}
await browser.close();
server.close();
console.log(`screens saved in ${out}`);
