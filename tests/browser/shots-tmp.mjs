// Temporary: screenshots of the players' screens. Never committed.
import { button, cell, launch } from './harness.mjs';
import { gameServer, invited, startOnline, visit as visitOn } from './game-server.mjs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const server = await gameServer();
const b = [await launch(), await launch()];
const visit = (browser, hash) => visitOn(browser, server.base(), hash);
const shot = async (page, name) => {
  for (const [w, h, tag] of [[1280, 800, 'desk'], [390, 844, 'phone']]) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/${name}-${tag}.png`, fullPage: tag === 'phone' ? false : true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
};
async function chooseName(page, name) {
  if (await page.locator('[data-dialog="player"]').count() === 0) await button(page, 'player').click();
  await page.locator('[data-setting="player-name"]').fill(name);
  await button(page, 'save-name').click();
}
const red = await visit(b[0], '#/connect-four');
const yellow = await visit(b[1], '#/connect-four');
for (const page of [red, yellow]) await page.locator('[data-player] button[data-action="player"]').waitFor();
await chooseName(red, 'RedPlayer');
await red.locator('[data-player][data-name="RedPlayer"]').waitFor();
await chooseName(yellow, 'Admin');
await yellow.locator('[data-name-error][data-code="reserved"]').waitFor();
await shot(yellow, 'panel-refused');
await chooseName(yellow, 'YellowPlayer');
await yellow.locator('[data-player][data-name="YellowPlayer"]').waitFor();
await button(yellow, 'player').click();
await startOnline(red, { time: 'fischer', base: 180, increment: 2 });
await red.waitForSelector('a[data-invite]');
const invite = invited(await red.locator('a[data-invite]').getAttribute('href'));
await yellow.goto(server.base() + 'index.html' + invite);
await yellow.waitForSelector('[data-status][data-seat="yellow"]');
await red.locator('[data-seat-player="yellow"][data-name="YellowPlayer"]').waitFor();
let n = 0;
for (const [page, x] of [[red, 0], [yellow, 0], [red, 1], [yellow, 1], [red, 2], [yellow, 2], [red, 3]]) {
  await cell(page, x, 0).click();
  n += 1;
  for (const p of [red, yellow]) await p.waitForFunction((k) => document.querySelectorAll('[data-board] [data-piece]').length === k, n);
}
await red.locator('[data-rating-change="red"]').waitFor();
await shot(red, 'game-end');
execFileSync('python3', ['-c', `
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE ratings SET deviation = 80, games = 30, updated = ? WHERE player = (SELECT id FROM players WHERE name = 'RedPlayer')", (int(time.time() * 1000),))
db.commit()
`, join(server.data(), 'rooms.sqlite')]);
await red.goto(server.base() + 'index.html#/@/RedPlayer');
await red.locator('[data-profile] [data-rating]').waitFor();
await shot(red, 'profile');
await red.goto(server.base() + 'index.html#/leaderboard/connect-four');
await red.locator('[data-leader]').waitFor();
await shot(red, 'leaderboard');
await button(red, 'settings').click();
await button(red, 'language').click();
await red.locator('[data-leaderboard] h1', { hasText: '排行榜' }).waitFor();
await button(red, 'close-settings').click();
await shot(red, 'leaderboard-zh');
await red.goto(server.base() + 'index.html#/@/RedPlayer');
await red.locator('[data-profile] [data-rating]').waitFor();
await shot(red, 'profile-zh');
const maker = await visit(b[1], '#/connect-four');
await startOnline(maker, { time: 'fischer', base: 180, increment: 2 }, 'seek');
const home = await visit(b[0], '#/');
await home.locator('[data-lobby] [data-seek]').waitFor();
await shot(home, 'home-lobby');
await button(home, 'player').click();
await shot(home, 'home-panel');
for (const x of b) await x.close();
await server.close();
