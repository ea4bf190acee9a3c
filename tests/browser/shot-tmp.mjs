import { launch, cell, button } from './harness.mjs';
import { gameServer, invited, startOnline, visit } from './game-server.mjs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
const server = await gameServer();
const a = await launch(), b = await launch();
const red = await visit(a, server.base(), '#/connect-four');
const yellow = await visit(b, server.base(), '#/connect-four');
for (const [page, name] of [[red, 'RedPlayer'], [yellow, 'YellowPlayer']]) {
  await page.locator('[data-player] button').waitFor();
  await button(page, 'player').click();
  await page.locator('[data-setting="player-name"]').fill(name);
  await button(page, 'save-name').click();
  await page.locator(`[data-player][data-name="${name}"]`).waitFor();
}
await button(yellow, 'transfer-code').click();
await yellow.locator('[data-transfer-code]').waitFor();
await yellow.screenshot({ path: '/tmp/shot-desk-panel.png' });
await yellow.setViewportSize({ width: 390, height: 844 });
await yellow.screenshot({ path: '/tmp/shot-phone-panel.png' });
await yellow.setViewportSize({ width: 1280, height: 800 });
await button(yellow, 'player').click();
await startOnline(red, { time: 'fischer', base: 180, increment: 2 });
await red.waitForSelector('a[data-invite]');
const invite = invited(await red.locator('a[data-invite]').getAttribute('href'));
await yellow.goto(server.base() + 'index.html' + invite);
await yellow.waitForSelector('[data-seat-player="yellow"]');
let n = 0;
for (const [page, x] of [[red, 0], [yellow, 0], [red, 1], [yellow, 1], [red, 2], [yellow, 2], [red, 3]]) {
  await cell(page, x, 0).click(); n++;
  await red.waitForFunction((k) => document.querySelectorAll('[data-board] [data-piece]').length === k, n);
  await yellow.waitForFunction((k) => document.querySelectorAll('[data-board] [data-piece]').length === k, n);
}
await yellow.locator('[data-rating-change="red"]').waitFor();
await yellow.waitForTimeout(1500);
await yellow.screenshot({ path: '/tmp/shot-desk-end.png', fullPage: true });
await yellow.setViewportSize({ width: 390, height: 844 });
await yellow.waitForTimeout(500);
await yellow.screenshot({ path: '/tmp/shot-phone-end.png', fullPage: true });
execFileSync('python3', ['-c', `
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE ratings SET deviation = 80, games = 30, updated = ? WHERE player = (SELECT id FROM players WHERE name = 'RedPlayer')", (int(time.time() * 1000),))
db.commit()
`, join(server.data(), 'rooms.sqlite')]);
for (const [w, h, tag] of [[1280, 800, 'desk'], [390, 844, 'phone']]) {
  await red.setViewportSize({ width: w, height: h });
  await red.goto(server.base() + 'index.html#/@/RedPlayer');
  await red.locator('[data-history-game]').waitFor();
  await red.screenshot({ path: `/tmp/shot-${tag}-profile.png`, fullPage: true });
  await red.goto(server.base() + 'index.html#/leaderboard/connect-four');
  await red.locator('[data-leader]').waitFor();
  await red.screenshot({ path: `/tmp/shot-${tag}-board.png`, fullPage: true });
}
await a.close(); await b.close();
await server.close();
