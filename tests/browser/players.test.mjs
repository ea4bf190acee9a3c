// Players who come back, in headless Chromium against the suite's own server: two browsers
// each become a player and choose a name (a taken and a reserved one refused in words), play a
// rated Connect Four game to its end, and both pages and a spectator see each side's rating
// before and after; the winner's page lists the rating, its graph and the game, which opens for
// review; the leaderboard lists a settled rating and says so of an unknown game. A rated seek
// shows its maker's rating in the lobby, whose links open the leaderboards; the players' pages
// have the settings' gear.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { accessibility, button, cell, launch } from './harness.mjs';
import { gameServer, invited, startOnline, visit as visitOn } from './game-server.mjs';

let server;
const browsers = [];
before(async () => {
  server = await gameServer();
  for (let i = 0; i < 3; i++) browsers.push(await launch());
});
after(async () => {
  for (const browser of browsers) await browser.close();
  await server.close();
});

const visit = (browser, hash) => visitOn(browser, server.base(), hash);

/** Opens the player's panel and asks for `name`. */
async function chooseName(page, name) {
  if (await page.locator('[data-dialog="player"]').count() === 0) await button(page, 'player').click();
  await page.locator('[data-setting="player-name"]').fill(name);
  await button(page, 'save-name').click();
}

const discs = (page, count) =>
  page.waitForFunction((n) => document.querySelectorAll('[data-board] [data-piece]').length === n, count);

test('a rated game between two browsers moves both ratings, kept on the page and the leaderboard', async () => {
  const red = await visit(browsers[0], '#/connect-four');
  const yellow = await visit(browsers[1], '#/connect-four');
  // Each device is a player where the server answers: anonymous, then named.
  for (const page of [red, yellow]) await page.locator('[data-player] button[data-action="player"]').waitFor();
  assert.match(await red.locator('[data-player]').textContent(), /Anonymous \w{4}/);
  await chooseName(red, 'RedPlayer');
  await red.locator('[data-player][data-name="RedPlayer"]').waitFor();
  await chooseName(yellow, 'redplayer');
  await yellow.locator('[data-name-error][data-code="taken"]').waitFor();
  assert.match(await yellow.locator('[data-name-error]').textContent(), /taken/);
  await chooseName(yellow, 'Admin');
  await yellow.locator('[data-name-error][data-code="reserved"]').waitFor();
  await chooseName(yellow, 'YellowPlayer');
  await yellow.locator('[data-player][data-name="YellowPlayer"]').waitFor();
  assert.equal(await yellow.locator('[data-name-error]').count(), 0);
  // A click beside the panel closes it.
  await yellow.mouse.click(5, 400);
  await yellow.locator('[data-dialog="player"]').waitFor({ state: 'detached' });

  // A blitz game, rated (the dialog's default), joined through the invite link.
  await startOnline(red, { time: 'fischer', base: 180, increment: 2 });
  await red.waitForSelector('a[data-invite]');
  const invite = invited(await red.locator('a[data-invite]').getAttribute('href'));
  await yellow.goto(server.base() + 'index.html' + invite);
  await yellow.waitForSelector('[data-status][data-seat="yellow"]');
  for (const page of [red, yellow]) {
    const seat = page.locator('[data-seat-player="red"][data-name="RedPlayer"]');
    await seat.waitFor();
    assert.equal(await seat.getAttribute('data-rating'), '1500');
    assert.equal(await seat.getAttribute('data-provisional'), '');
    await page.locator('[data-seat-player="yellow"][data-name="YellowPlayer"][data-rating="1500"]').waitFor();
    await page.locator('.seat-players[data-rated]').waitFor();
  }
  // Red makes four in a row along the bottom.
  let discsPlayed = 0;
  for (const [page, x] of [[red, 0], [yellow, 0], [red, 1], [yellow, 1], [red, 2], [yellow, 2], [red, 3]]) {
    await cell(page, x, 0).click();
    discsPlayed += 1;
    await discs(red, discsPlayed);
    await discs(yellow, discsPlayed);
  }
  // Both pages, and a spectator who comes after, see each side's rating before and after.
  const spectator = await visit(browsers[2], invite);
  for (const page of [red, yellow, spectator]) {
    const won = page.locator('[data-rating-change="red"]');
    await won.waitFor({ timeout: 15_000 });
    assert.deepEqual(
      [await won.getAttribute('data-before'), await won.getAttribute('data-after'), await won.getAttribute('data-delta')],
      ['1500', '1662', '162'],
    );
    const lost = page.locator('[data-rating-change="yellow"]');
    assert.deepEqual(
      [await lost.getAttribute('data-before'), await lost.getAttribute('data-after'), await lost.getAttribute('data-delta')],
      ['1500', '1338', '-162'],
    );
    assert.match(await won.textContent(), /RedPlayer.*1500 → 1662\? \(\+162\)/);
    assert.match(await lost.textContent(), /YellowPlayer.*1500 → 1338\? \(−162\)/);
  }

  // The winner's page: the rating with its game, its graph, the result, and the game, which
  // opens for review.
  await red.goto(server.base() + 'index.html#/@/RedPlayer');
  const profile = red.locator('[data-profile][data-name="RedPlayer"]');
  await profile.locator('[data-rating]').waitFor();
  const rating = profile.locator('[data-rating][data-game="connect-four"][data-speed="blitz"]');
  assert.deepEqual(
    [await rating.getAttribute('data-value'), await rating.getAttribute('data-games'), await rating.getAttribute('data-provisional')],
    ['1662', '1', ''],
  );
  assert.equal(await profile.locator('[data-rating-graph] circle').count(), 1);
  assert.equal(await profile.locator('[data-results]').getAttribute('data-wins'), '1');
  const game = profile.locator('[data-history-game]');
  assert.equal(await game.count(), 1);
  assert.deepEqual(
    [await game.getAttribute('data-game'), await game.getAttribute('data-result'), await game.getAttribute('data-rated')],
    ['connect-four', 'win', 'true'],
  );
  assert.match(await game.textContent(), /YellowPlayer/);
  const download = await profile.locator('a[data-download]').getAttribute('href');
  assert.equal(download, '/api/players/RedPlayer/games');
  await game.locator('a').first().click();
  await red.locator('[data-moves] [data-move]').nth(6).waitFor();
  assert.equal(await red.locator('[data-board] [data-piece]').count(), 7);
  // Yellow's page says the loss; a name no one has is said so.
  await yellow.goto(server.base() + 'index.html#/@/YellowPlayer');
  await yellow.locator('[data-history-game][data-result="loss"]').waitFor();
  await yellow.goto(server.base() + 'index.html#/@/NoSuchPlayer');
  await yellow.locator('[data-profile][data-missing]').waitFor();

  // The leaderboard: provisional ratings lead nothing; a settled one (written as many games
  // would leave it) is listed; an unknown game is said so.
  await red.goto(server.base() + 'index.html#/leaderboard/connect-four');
  await red.locator('[data-leaderboard][data-game="connect-four"]').waitFor();
  await red.getByText(/No one yet/).waitFor();
  const store = join(server.data(), 'rooms.sqlite');
  execFileSync('python3', ['-c', `
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE ratings SET deviation = 80, games = 30, updated = ? WHERE player = (SELECT id FROM players WHERE name = 'RedPlayer')", (int(time.time() * 1000),))
db.commit()
`, store]);
  await red.reload();
  const leader = red.locator('[data-leaderboard] [data-leader]');
  await leader.waitFor();
  assert.deepEqual(
    [await leader.getAttribute('data-rank'), await leader.getAttribute('data-name'), await leader.getAttribute('data-speed'), await leader.getAttribute('data-rating')],
    ['1', 'RedPlayer', 'blitz', '1662'],
  );
  assert.equal(await leader.count(), 1, 'a provisional rating is not listed');
  await red.goto(server.base() + 'index.html#/leaderboard/chess');
  await red.locator('[data-leaderboard][data-game="chess"][data-missing]').waitFor();
});

test('a rated seek shows its maker and rating in the lobby, which links the leaderboards; the players\' pages switch language', async () => {
  // The first test's winner (its rating settled there) posts a rated blitz seek.
  const maker = await visit(browsers[0], '#/connect-four');
  await maker.locator('[data-player][data-name="RedPlayer"]').waitFor();
  await startOnline(maker, { time: 'fischer', base: 180, increment: 2 }, 'seek');
  const home = await visit(browsers[1], '#/');
  const listed = home.locator('[data-lobby] [data-seek][data-game="connect-four"]');
  await listed.waitFor();
  const player = listed.locator('[data-seek-rating]');
  assert.equal(await player.getAttribute('data-seek-rating'), '1662');
  assert.match(await player.textContent(), /RedPlayer 1662$/);
  assert.match(await listed.textContent(), /Rated/);

  // The lobby's link opens that game's leaderboard, where the settings' gear switches language.
  await home.locator('[data-lobby] [data-leaderboards] a[href="#/leaderboard/connect-four"]').click();
  await home.locator('[data-leaderboard][data-game="connect-four"] [data-leader][data-name="RedPlayer"]').waitFor();
  await button(home, 'settings').click();
  await button(home, 'language').click();
  await home.locator('[data-leaderboard] h1', { hasText: '排行榜' }).waitFor();
  await button(home, 'close-settings').click();
  await home.locator('[data-leader] a[href="#/@/RedPlayer"]').click();
  await home.locator('[data-profile][data-name="RedPlayer"] [data-rating]').waitFor();
  // Its styles came with its code.
  await home.waitForFunction(() => getComputedStyle(document.querySelector('[data-profile]')).display === 'flex');
  assert.equal(await home.locator('html').getAttribute('lang'), 'zh-Hant');
  assert.equal(await home.locator('[data-profile] [data-results]').textContent(), '勝 1・和 0・負 0');
  assert.deepEqual(await accessibility(home), [], 'the player\'s page');
  await home.goto(server.base() + 'index.html#/leaderboard/connect-four');
  await home.locator('[data-leader]').waitFor();
  assert.deepEqual(await accessibility(home), [], 'the leaderboard');
  // The player's panel, on a phone.
  await home.setViewportSize({ width: 390, height: 844 });
  await button(home, 'player').click();
  await home.locator('[data-dialog="player"]').waitFor();
  assert.deepEqual(await accessibility(home), [], 'the player\'s panel on a phone');
});
