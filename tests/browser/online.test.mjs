// Online play in headless Chromium, against the suite's own server (the release page served by
// board-suite-server on loopback): two browsers play through an invite link, a reload and a
// restart of the server resume the game, a third browser watches, and a static host says
// online play is not there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  button, cell, control, done, launch, moveTexts, open, openNewGame, owner, pieceArrives, serve, status, watch,
} from './harness.mjs';
import { gameServer, invited, visit as visitOn } from './game-server.mjs';

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

const base = () => server.base();
const startServer = () => server.start();
const stopServer = () => server.stop();

/** A page of the game server's in a browser (whose profile is its own: its storage is empty
 * until it plays). */
const visit = (browser, hash) => visitOn(browser, base(), hash);
const connection = (page) => page.locator('[data-connection]');
const discs = (page) => page.locator('[data-board] [data-piece]').count();

/** Waits until the page's board holds `count` discs. */
async function waitForDiscs(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll('[data-board] [data-piece]').length === n, count);
}

test('two browsers play Connect Four through an invite link, with a reload, a restart and a spectator', async () => {
  const [host, guest, watcher] = browsers;
  const red = await visit(host, '#/connect-four');
  await openNewGame(red);
  await button(red, 'online').click();
  await red.waitForSelector('[data-connection][data-state="open"]');
  await red.waitForSelector('[data-status][data-seat="red"]');
  const invite = await red.locator('a[data-invite]').getAttribute('href');
  assert.match(invite, /^http:\/\/127\.0\.0\.1:\d+\/.*#\/connect-four\?room=[a-z0-9]+$/);
  assert.match(await red.locator("[data-opponent-away]").textContent(), /invite link/);
  // Until someone takes the other seat, the status says so, and there is no one to offer a
  // draw or resign to.
  await red.waitForSelector('[data-status][data-waiting-for="opponent"]');
  assert.match(await status(red).textContent(), /Waiting for an opponent/);
  assert.equal(await control(red, 'draw').isDisabled(), true);
  assert.equal(await control(red, 'resign').isDisabled(), true);

  // The guest opens the link: the other seat.
  const yellow = await visit(guest, invited(invite));
  await yellow.waitForSelector('[data-status][data-seat="yellow"]');
  await red.waitForSelector('[data-opponent-away]', { state: 'detached' });
  await red.waitForSelector('[data-status][data-waiting-for]', { state: 'detached' });
  assert.equal(await control(red, 'resign').isDisabled(), false);

  // On red's turn nothing of yellow's can be picked up on yellow's device, and the reverse.
  assert.equal(await yellow.locator('[data-piece][draggable="true"]').count(), 0);
  assert.equal(await red.locator('[data-hand="yellow"] [data-piece][draggable="true"]').count(), 0);
  // Red drops; yellow sees it, and may not play red's turns.
  await cell(red, 3, 0).click();
  await waitForDiscs(yellow, 1);
  assert.equal(await owner(yellow, 3, 5), 'red');
  assert.equal(await status(yellow).getAttribute('data-turn'), 'yellow');
  await cell(red, 2, 0).click();
  assert.equal(await discs(red), 1, 'not red\'s turn');
  assert.equal(await red.locator('[data-piece][draggable="true"]').count(), 0);
  await cell(yellow, 2, 0).click();
  await waitForDiscs(red, 2);

  // A spectator sees the game and its moves, and cannot play.
  const spectator = await visit(watcher, invited(invite));
  await waitForDiscs(spectator, 2);
  assert.match(await spectator.locator('section.online').textContent(), /watching/);
  assert.equal(await status(spectator).getAttribute('data-seat'), null);

  // The guest reloads: its seat and the game come back.
  await yellow.reload();
  await yellow.waitForSelector('[data-status][data-seat="yellow"]');
  await waitForDiscs(yellow, 2);
  await cell(red, 3, 0).click();
  await waitForDiscs(yellow, 3);
  await waitForDiscs(spectator, 3);

  // The server restarts mid-game: the pages say so, reconnect by themselves, and play goes on.
  const pages = [red, yellow, spectator];
  const before = pages.map((page) => page.errors.length);
  await stopServer();
  await red.waitForSelector('[data-connection][data-state="lost"]');
  await startServer();
  await red.waitForSelector('[data-connection][data-state="open"]', { timeout: 20000 });
  await yellow.waitForSelector('[data-connection][data-state="open"]', { timeout: 20000 });
  // While the server is down, the browser itself logs a service worker's failed fetch of its
  // script (registration or update check) and a refused WebSocket if the page tries to
  // reconnect then: the outage's, not the page's errors.
  pages.forEach((page, i) => {
    const during = page.errors.splice(before[i]);
    page.errors.push(...during.filter((e) => !/error occurred when fetching the script|WebSocket connection .* failed/.test(e)));
  });
  await cell(yellow, 3, 0).click();
  await waitForDiscs(red, 4);
  await waitForDiscs(spectator, 4);
  assert.deepEqual(await moveTexts(red), ['14', '23', '34', '44']);

  // A draw offered and declined, then the guest resigns.
  await control(red, 'draw').click();
  await button(red, 'confirm').click();
  await yellow.waitForSelector('[data-offer="draw"] button[data-action="decline-offer"]');
  await button(yellow, 'decline-offer').click();
  await red.waitForSelector('[data-offer]', { state: 'detached' });
  // The one who asked is told, in words; the one who declined is not.
  await red.waitForSelector('[data-declined="draw"]');
  assert.match(await red.locator('[data-declined]').textContent(), /declined your draw offer/);
  assert.equal(await yellow.locator('[data-declined]').count(), 0);
  await control(yellow, 'resign').click();
  await button(yellow, 'confirm').click();
  await red.waitForSelector('[data-status][data-outcome="red"]');
  await spectator.waitForSelector('[data-status][data-outcome="red"]');

  // Leaving brings the device's own game back, untouched.
  await red.locator('[data-overlay] button[data-action="close"]').click();
  await button(red, 'leave-online').click();
  await red.waitForSelector('[data-game-settings]');
  assert.equal(await discs(red), 0);
  for (const page of [red, yellow, spectator]) await done(page);
});

test('a move before the friend joins: the game still waits for them, not for someone disconnected', async () => {
  const red = await visit(browsers[0], '#/connect-four');
  await openNewGame(red);
  await button(red, 'online').click();
  await red.waitForSelector('[data-status][data-seat="red"]');
  await cell(red, 3, 0).click();
  await waitForDiscs(red, 1);
  await red.waitForSelector('[data-status][data-waiting-for="opponent"]');
  assert.match(await red.locator('[data-opponent-away]').textContent(), /invite link/);
  assert.doesNotMatch(await red.locator('main').textContent(), /disconnected/);
  assert.equal(await control(red, 'draw').isDisabled(), true);
  assert.equal(await button(red, 'undo').isDisabled(), true, 'no one to ask for a takeback');
  await button(red, 'leave-online').click();
  await done(red);
});

test('a link to a room the server does not have says so, and leaves nothing enabled the server would refuse', async () => {
  const page = await visit(browsers[0], '#/connect-four?room=zzzz');
  const online = page.locator('section.online');
  await online.locator('.message').waitFor();
  assert.match(await online.locator('.message').textContent(), /no such game/);
  assert.equal(await connection(page).getAttribute('data-room'), 'none');
  assert.doesNotMatch(await connection(page).textContent(), /^Connected$/);
  for (const name of ['undo', 'draw', 'resign']) assert.equal(await control(page, name).isDisabled(), true, name);
  // The status says there is no game, and no side to move; it offers to start one.
  const said = page.locator('[data-status][data-missing-room]');
  await said.waitFor();
  assert.equal(await said.getAttribute('data-turn'), null);
  assert.match(await said.textContent(), /No such game/);
  assert.doesNotMatch(await page.locator('main').textContent(), /to move/);
  await cell(page, 3, 0).click();
  assert.equal(await discs(page), 0, 'the board waits');
  await button(page, 'start-game').click();
  await page.locator('[data-dialog="new-game"]').waitFor();
  await page.keyboard.press('Escape');
  await button(page, 'leave-online').click();
  await online.waitFor({ state: 'detached' });
  await said.waitFor({ state: 'detached' });
  assert.equal(await control(page, 'resign').isDisabled(), false);
  await done(page);
});

test('an online invite from the home page takes two clicks', async (t) => {
  // A device that has asked for no clock yet.
  const browser = await launch();
  t.after(() => browser.close());
  const page = await visit(browser, '#/');
  await page.locator('[data-game-card="gomoku"] button[data-play="online"]').click();
  await page.locator('[data-dialog="new-game"]').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.action), 'online', 'the dialog opens on the invite');
  assert.match(await page.locator('#new-game-title').textContent(), /Play online/);
  assert.equal(await button(page, 'online').getAttribute('class'), 'primary', 'the invite is the first choice');
  assert.equal(await button(page, 'start').count(), 0, 'no Start that would begin a game on this device');
  // Before any clock was chosen, a rated blitz preset.
  assert.equal(await page.locator('[data-setting="time-control"]').inputValue(), 'fischer');
  assert.equal(await page.locator('[data-dialog="new-game"] [data-preset="5+3"]').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.locator('[data-setting="rated"]').isChecked(), true);
  await button(page, 'online').click();
  await page.waitForSelector('a[data-invite]');
  await page.locator('[data-clock]').first().waitFor();
  const href = await page.locator('a[data-invite]').getAttribute('href');
  assert.match(href, /#\/gomoku\?room=\w+$/);
  // Copy beside the link copies the invitation, and says so; a tap on the link copies too,
  // rather than opening this room again.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  const said = page.locator('.invite [role="status"]');
  const here = page.url();
  for (const copies of [button(page, 'copy-invite'), page.locator('a[data-invite]')]) {
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await copies.click();
    await page.waitForSelector('.invite [role="status"][data-copied="done"]');
    assert.equal(await said.textContent(), 'Copied');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), href);
    assert.equal(page.url(), here, 'still here');
    await page.waitForSelector('.invite [role="status"][data-copied]', { state: 'detached' });
  }
  // Chromium on a desktop has no share sheet: no Share button there.
  assert.equal(await button(page, 'share-invite').count(), await page.evaluate(() => Number(typeof navigator.share === 'function')));
  await page.context().clearPermissions();
  await button(page, 'leave-online').click();
  await done(page);
});

test('a page from a static host says online play is not available there', async () => {
  const host = await serve();
  const page = await open(browsers[0], host.url, '#/gomoku');
  // The new-game dialog asks whether a server answers, and marks online play unavailable.
  await openNewGame(page);
  await page.locator('[data-online="unavailable"]').waitFor();
  assert.match(await page.locator('[data-online="unavailable"]').textContent(), /not available/);
  assert.equal(await button(page, 'online').isDisabled(), true);
  assert.equal(await button(page, 'quick-match').isDisabled(), true);
  // Everything else works: a stone is placed.
  await page.keyboard.press('Escape');
  await cell(page, 7, 7).click();
  assert.equal(await owner(page, 7, 7), 'black');
  await done(page);
  host.close();
});

test('dark chess online: a flip shows the server\'s piece on both devices, and no frame or link shows a face-down one', async () => {
  const [host, guest] = browsers;
  const first = await visit(host, '#/dark-chess');
  await openNewGame(first);
  await button(first, 'online').click();
  await first.waitForSelector('a[data-invite]');
  const invite = await first.locator('a[data-invite]').getAttribute('href');
  const second = await guest.newPage();
  await watch(second, base());
  const frames = [];
  second.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
  await second.goto(base() + 'index.html' + invited(invite));
  await second.waitForSelector('[data-status][data-seat="second"]');
  await first.waitForSelector('[data-opponent-away]', { state: 'detached' });
  const faceUp = (page) => page.locator('[data-board] [data-piece]:not([data-face="down"])');
  assert.equal(await faceUp(second).count(), 0);
  await cell(first, 1, 0).click();
  // The server deals the piece and tells both devices at once: either may hear first.
  for (const page of [first, second]) {
    await page.waitForFunction(() => document.querySelectorAll('[data-board] [data-piece]:not([data-face="down"])').length === 1);
  }
  const kind = async (page) => [await faceUp(page).getAttribute('data-owner'), await faceUp(page).getAttribute('data-kind')].join(' ');
  assert.equal(await kind(first), await kind(second));
  // The first player's colour is the flipped piece's: the second device plays the other.
  const [owner] = (await kind(second)).split(' ');
  assert.equal(await status(second).getAttribute('data-turn'), owner === 'red' ? 'black' : 'red');
  assert.ok(frames.length > 2);
  for (const frame of frames) assert.doesNotMatch(frame, /Seed|Deal/, frame);
  assert.doesNotMatch(decodeURIComponent(await second.locator('a[data-share]').getAttribute('href')), /Seed|Deal/);
  for (const page of [first, second]) await done(page);
});

test('quick match pairs two browsers asking for the same game', async () => {
  const [one, two] = browsers;
  const a = await visit(one, '#/gomoku');
  await openNewGame(a);
  await button(a, 'quick-match').click();
  await a.waitForSelector('section.online >> text=Waiting for an opponent');
  const b = await visit(two, '#/gomoku');
  await openNewGame(b);
  await button(b, 'quick-match').click();
  await a.waitForSelector('[data-status][data-seat="black"]');
  await b.waitForSelector('[data-status][data-seat="white"]');
  await cell(a, 7, 7).click();
  await pieceArrives(b, 7, 7, 'black');
  for (const page of [a, b]) await done(page);
});

test('a connection that dies without a close is noticed by the heartbeat and made again', async () => {
  const page = await visit(browsers[0], '#/connect-four');
  await openNewGame(page);
  await button(page, 'online').click();
  await page.waitForSelector('[data-connection][data-state="open"]');
  // The server stops answering, its sockets still open: no close frame ever comes. (Frozen,
  // not killed: a killed server's sockets would close.)
  server.process().kill('SIGSTOP');
  try {
    // The page hears nothing for a few seconds, takes the connection for dead and tries again.
    await page.waitForSelector('[data-connection][data-state="lost"]', { timeout: 15_000 });
  } finally {
    server.process().kill('SIGCONT');
  }
  await page.waitForSelector('[data-connection][data-state="open"]', { timeout: 15_000 });
  await page.waitForSelector('a[data-invite]');
  // Back in its room, seated: a disc is played.
  await cell(page, 3, 0).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-board] [data-piece]').length === 1);
  // The browser's own console error for the socket it gave up on is expected.
  page.errors = page.errors.filter((e) => !/WebSocket/.test(e));
  await done(page);
});
