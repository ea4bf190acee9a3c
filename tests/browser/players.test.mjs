// People at the board, in headless Chromium against the suite's own server. The first test is
// the whole visit of two players, a desktop and a phone: each becomes a player and chooses a
// name (a taken and a reserved one refused in words); they play a rated Connect Four game with
// its strips, an offer and the rating change coming within the phone's screen, chat freely, and
// the phone's network goes and comes back mid-game; both pages and a spectator see each side's
// rating before and after; the winner's page lists the rating, its graph and the game, which
// opens for review; the leaderboard lists a settled rating before the provisional ones (marked
// `?`); a challenge from a player's page is declined, then accepted. (How long a network takes
// to be told gone and back is measured in network.test.mjs.) A rated seek shows its maker's
// rating in the lobby, whose links open the leaderboards; the players' pages have the
// settings' gear.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { accessibility, button, cell, control, launch } from './harness.mjs';
import { gameServer, invited, startOnline, startRelay, visit as visitOn } from './game-server.mjs';

let server;
// The phone reaches the server through a relay that can cut its network.
let relay;
const browsers = [];
before(async () => {
  server = await gameServer();
  relay = await startRelay(Number(new URL(server.base()).port));
  for (let i = 0; i < 3; i++) browsers.push(await launch());
});
after(async () => {
  for (const browser of browsers) await browser.close();
  relay.close();
  await server.close();
});

const visit = (browser, hash) => visitOn(browser, server.base(), hash);
const PHONE = { width: 390, height: 844 };

/** Opens the player's panel and asks for `name`. */
async function chooseName(page, name) {
  if (await page.locator('[data-dialog="player"]').count() === 0) await button(page, 'player').click();
  await page.locator('[data-setting="player-name"]').fill(name);
  await button(page, 'save-name').click();
}

const discs = (page, count) =>
  page.waitForFunction((n) => document.querySelectorAll('[data-board] [data-piece]').length === n, count);

test('people at the board, a desktop and a phone: a rated game with its strips, an offer and the rating change within the phone\'s screen, free chat, the network gone and back, the leaderboard\'s provisional players, a challenge declined then accepted', async () => {
  const red = await visit(browsers[0], '#/connect-four');
  const yellow = await visitOn(browsers[1], relay.base, '#/connect-four');
  await yellow.setViewportSize(PHONE);
  // Each device is a player where the server answers: anonymous, then named.
  for (const page of [red, yellow]) await page.locator('[data-player] button[data-action="player"]').waitFor();
  assert.match(await red.locator('[data-player]').textContent(), /Anonymous \w{4}/);
  await chooseName(red, 'RedPlayer');
  await red.locator('[data-player][data-name="RedPlayer"]').waitFor();
  await chooseName(yellow, 'redplayer');
  await yellow.locator('[data-name-error][data-code="taken"]').waitFor();
  assert.match(await yellow.locator('[data-name-error]').textContent(), /taken/);
  assert.equal(await yellow.locator('[data-setting="player-name"]').inputValue(), 'redplayer', 'kept to mend');
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
  await yellow.goto(relay.base + 'index.html' + invite);
  await yellow.waitForSelector('[data-status][data-seat="yellow"]');
  for (const page of [red, yellow]) {
    const seat = page.locator('[data-seat-player="red"][data-name="RedPlayer"]');
    await seat.waitFor();
    assert.equal(await seat.getAttribute('data-rating'), '1500');
    assert.equal(await seat.getAttribute('data-provisional'), '');
    await page.locator('[data-seat-player="yellow"][data-name="YellowPlayer"][data-rating="1500"]').waitFor();
    await page.locator('.online [data-rated]').waitFor();
    // Each side's strip holds its player and clock together.
    await page.locator('[data-player-strip="red"]:has([data-seat-player="red"][data-name="RedPlayer"]):has([data-clock="red"])').waitFor();
  }
  // On the phone, an offer comes within its screen, under the status, with the board in view;
  // declined, the decline is told where red looks.
  const onScreen = async (page, selector) => {
    const box = await page.locator(selector).boundingBox();
    const scrolled = await page.evaluate(() => window.scrollY);
    assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `${selector}: ${JSON.stringify(box)}`);
    assert.equal(scrolled, 0, 'the board in view');
  };
  await control(red, 'draw').click();
  await button(red, 'confirm').click();
  await yellow.locator('[data-offer="draw"] button[data-action="decline-offer"]').waitFor();
  await onScreen(yellow, '[data-offer="draw"]');
  await button(yellow, 'decline-offer').click();
  await red.locator('[data-declined="draw"]').waitFor();
  // They chat, as typed, both ways; the phone scrolls back to its board.
  const chat = async (from, to, text) => {
    await from.locator('[data-chat] input[data-chat-input]').fill(text);
    await from.locator('[data-chat] input[data-chat-input]').press('Enter');
    await to.locator('[data-chat] [data-chat-line]:not([data-chat-preset]) .said', { hasText: text }).waitFor();
  };
  await chat(red, yellow, 'No draw yet, then?');
  await chat(yellow, red, '還早呢 <3');
  await yellow.evaluate(() => window.scrollTo(0, 0));
  // The phone's network goes: its page says so; back, it is connected again and plays on.
  relay.cut();
  await yellow.context().setOffline(true);
  await yellow.locator('[data-connection][data-state="lost"]').waitFor({ timeout: 15_000 });
  await yellow.context().setOffline(false);
  relay.restore();
  await yellow.locator('[data-connection][data-state="open"]').waitFor({ timeout: 15_000 });
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
    if (page === yellow) await onScreen(yellow, '[data-rating-change="yellow"]');
    // The strips show the ratings after the game.
    await page.locator('[data-player-strip="red"] [data-seat-player][data-rating="1662"][data-provisional]').waitFor();
    await page.locator('[data-player-strip="yellow"] [data-seat-player][data-rating="1338"]').waitFor();
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
  // Reviewed as one's own game: no question whether to continue it, nothing to take back, and
  // the way back to the game this device plays.
  await red.locator('[data-status][data-review]').waitFor();
  assert.equal(await red.locator('[data-notice="shared"]').count(), 0);
  assert.equal(await red.locator('button[data-action="undo"]').isDisabled(), true);
  await red.locator('button[data-action="live"]').click();
  await red.locator('[data-status][data-review]').waitFor({ state: 'detached' });
  // Yellow's page says the loss; a name no one has is said so.
  await yellow.goto(relay.base + 'index.html#/@/YellowPlayer');
  await yellow.locator('[data-history-game][data-result="loss"]').waitFor();
  await yellow.goto(relay.base + 'index.html#/@/NoSuchPlayer');
  await yellow.locator('[data-profile][data-missing]').waitFor();

  // The leaderboard: a young site's provisional ratings are listed, marked `?`; a settled one
  // (written as many games would leave it) comes before them; an
  // unknown game is said so.
  await red.goto(server.base() + 'index.html#/leaderboard/connect-four');
  const provisional = red.locator('[data-leaderboard][data-game="connect-four"] [data-leader][data-provisional]');
  await provisional.first().waitFor();
  assert.deepEqual(
    await provisional.evaluateAll((rows) => rows.map((row) => [row.dataset.name, row.querySelector('strong').textContent])),
    [['RedPlayer', '1662?'], ['YellowPlayer', '1338?']],
  );
  const store = join(server.data(), 'rooms.sqlite');
  execFileSync('python3', ['-c', `
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE ratings SET deviation = 80, games = 30, updated = ? WHERE player = (SELECT id FROM players WHERE name = 'RedPlayer')", (int(time.time() * 1000),))
db.commit()
`, store]);
  await red.reload();
  const leader = red.locator('[data-leaderboard] [data-leader]');
  await red.locator('[data-leaderboard] [data-leader][data-name="RedPlayer"]:not([data-provisional])').waitFor();
  assert.deepEqual(
    await leader.evaluateAll((rows) => rows.map((row) =>
      [row.dataset.rank, row.dataset.name, row.dataset.speed, row.dataset.rating, 'provisional' in row.dataset])),
    [['1', 'RedPlayer', 'blitz', '1662', false], ['2', 'YellowPlayer', 'blitz', '1338', true]],
  );
  await red.goto(server.base() + 'index.html#/leaderboard/chess');
  await red.locator('[data-leaderboard][data-game="chess"][data-missing]').waitFor();

  // Challenges: the phone waits on a game's page, where a challenge finds it.
  await yellow.goto(relay.base + 'index.html#/gomoku');
  await red.goto(server.base() + 'index.html#/');
  // Who is online: each by name, linking to their page.
  const listed = red.locator('[data-lobby] [data-online-player][data-name="YellowPlayer"]');
  await listed.waitFor();
  assert.equal(await listed.locator('a').getAttribute('href'), '#/@/YellowPlayer');

  // On one's own page the challenge is refused in words.
  await red.goto(server.base() + 'index.html#/@/RedPlayer');
  await button(red, 'challenge').click();
  await red.locator('[data-dialog="new-game"]').waitFor();
  await button(red, 'send-challenge').click();
  await red.locator('[data-challenge-refused="challenge-self"]').waitFor();
  assert.match(await red.locator('[data-challenge-refused]').textContent(), /cannot challenge yourself/);
  await button(red, 'dismiss-challenge').click();

  // From the other's page: checkers, its new-game dialog for the challenge (its rules,
  // captures optional; 3+2; rated); declined on the phone, told on the desktop.
  const challengeFromPage = async () => {
    await red.goto(server.base() + 'index.html#/@/YellowPlayer');
    await red.locator('[data-setting="challenge-game"]').selectOption('checkers');
    await button(red, 'challenge').click();
    const dialog = red.locator('[data-dialog="new-game"]');
    await dialog.waitFor();
    assert.match(await dialog.locator('h2').textContent(), /Challenge YellowPlayer/);
    assert.equal(await dialog.locator('button[data-action="online"]').count(), 0, 'no invite, quick match or seek');
    return dialog;
  };
  const dialog = await challengeFromPage();
  await dialog.locator('[data-setting="captures-optional"]').check();
  await dialog.locator('button[data-preset="3+2"]').click();
  await button(red, 'send-challenge').click();
  await dialog.waitFor({ state: 'detached' });
  await red.locator('[data-challenge-sent][data-to="YellowPlayer"]').waitFor();
  const challenge = yellow.locator('[data-challenge][data-from="RedPlayer"]');
  await challenge.waitFor();
  assert.deepEqual(
    [await challenge.getAttribute('data-game'), await challenge.getAttribute('data-time-control'), await challenge.getAttribute('data-rated')],
    ['checkers', 'fischer:180+2', ''],
  );
  assert.match(await challenge.textContent(), /optional/i, 'the rules chosen are told');
  // Where the phone's eye is: within its screen, over the board's page.
  const box = await challenge.boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= 844, JSON.stringify(box));
  await button(yellow, 'decline-challenge').click();
  await red.locator('[data-declined="challenge"][data-to="YellowPlayer"]').waitFor();
  await challenge.waitFor({ state: 'detached' });

  // Again, accepted: both go on to their seats in a new rated room, under the rules chosen.
  await challengeFromPage();
  await button(red, 'send-challenge').click();
  await challenge.waitFor();
  await button(yellow, 'accept-challenge').click();
  // Who plays first is drawn: a seat each.
  const seat = async (page) => {
    await page.locator('[data-game="checkers"] [data-status][data-seat]').waitFor();
    return page.locator('[data-game="checkers"] [data-status][data-seat]').getAttribute('data-seat');
  };
  assert.deepEqual([await seat(red), await seat(yellow)].sort(), ['black', 'red']);
  for (const page of [red, yellow]) {
    await page.locator('[data-player-strip] [data-seat-player][data-name="RedPlayer"]').waitFor();
    await page.locator('[data-player-strip] [data-seat-player][data-name="YellowPlayer"]').waitFor();
    await page.locator('.online [data-rated]').waitFor();
  }
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
  await home.locator('[data-leader]').first().waitFor();
  assert.deepEqual(await accessibility(home), [], 'the leaderboard');
  // The player's panel, on a phone.
  await home.setViewportSize({ width: 390, height: 844 });
  await button(home, 'player').click();
  await home.locator('[data-dialog="player"]').waitFor();
  assert.deepEqual(await accessibility(home), [], 'the player\'s panel on a phone');
});

test('names in any script change freely before a rated game; forgetting this device asks first, says what is lost and offers a transfer code there', async () => {
  const browser = await launch();
  try {
    const page = await visit(browser, '#/connect-four');
    await page.locator('[data-player] button[data-action="player"]').waitFor();
    // A name in Chinese characters is a name; one too long is refused in words, not cut, and
    // kept to mend; before a rated game, the name changes freely.
    await chooseName(page, '李小龍');
    await page.locator('[data-player][data-name="李小龍"]').waitFor();
    const long = 'Forgetful'.repeat(3);
    await chooseName(page, long);
    await page.locator('[data-name-error][data-code="invalid"]').waitFor();
    assert.match(await page.locator('[data-name-error]').textContent(), /2 to 20/);
    assert.equal(await page.locator('[data-setting="player-name"]').inputValue(), long);
    await chooseName(page, 'Forgetful');
    await page.locator('[data-player][data-name="Forgetful"]').waitFor();
    // One tap only asks: the words say what goes, and a code can be made right there.
    await button(page, 'forget-device').click();
    const confirm = page.locator('[data-confirm="forget-device"]');
    await confirm.waitFor();
    assert.match(await confirm.textContent(), /lost for good.*transfer code|transfer code.*lost for good/s);
    assert.equal(await page.locator('button[data-action="transfer-code"]').count(), 1, 'one code button');
    await confirm.locator('button[data-action="transfer-code"]').click();
    await confirm.locator('[data-transfer-code]').waitFor();
    assert.deepEqual(await accessibility(page), [], 'the confirmation');
    // Kept: nothing was forgotten.
    await button(page, 'keep-device').click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal(await page.locator('[data-player]').getAttribute('data-name'), 'Forgetful');
    // Confirmed: the device is no one's.
    await button(page, 'forget-device').click();
    await button(page, 'confirm-forget').click();
    await page.locator('[data-player][data-name=""]').waitFor();
    await confirm.waitFor({ state: 'detached' });
  } finally {
    await browser.close();
  }
});
