// A phone's network gone and back, in headless Chromium against the suite's own server: the
// phone's page reaches the server through a relay (game-server.mjs) that can cut its network (the
// bytes held, nothing closed, as a network gone quiet does) while the browser says it is
// offline; the desktop's page reaches the server directly. The phone is told at once, the
// desktop's countdown to a claim starts once the server has noticed, and the phone plays again
// once its network is back. How long each took is printed, over ten cuts: measured here,
// reported in docs/measurements.md, never asserted as timings (the waits below are only
// generous bounds).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { button, cell, done, launch } from './harness.mjs';
import { gameServer, invited, startOnline, startRelay, visit } from './game-server.mjs';

let server;
let relay;
const browsers = [];
before(async () => {
  server = await gameServer();
  relay = await startRelay(Number(new URL(server.base()).port));
  for (let i = 0; i < 2; i++) browsers.push(await launch());
});
after(async () => {
  for (const browser of browsers) await browser.close();
  relay.close();
  await server.close();
});

const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const discs = (page, n) => page.waitForFunction((n) => document.querySelectorAll('[data-board] [data-piece]').length === n, n);

test('a phone whose network goes is told within seconds, its opponent may claim, and it plays on once back', async () => {
  const desktop = await visit(browsers[0], server.base(), '#/connect-four');
  await startOnline(desktop);
  const link = await desktop.locator('a[data-invite]').getAttribute('href');
  const phone = await visit(browsers[1], relay.base, invited(link));
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.locator('[data-status][data-seat="yellow"]').waitFor();
  await desktop.locator('[data-status][data-turn="red"]').waitFor();
  await cell(desktop, 3, 0).click();
  await discs(phone, 1);

  const told = [], claimable = [], back = [];
  for (let round = 0; round < 10; round++) {
    const gone = Date.now();
    relay.cut();
    await phone.context().setOffline(true);
    await phone.locator('[data-connection][data-state="lost"]').waitFor({ timeout: 10_000 });
    told.push(Date.now() - gone);
    if (round === 0) {
      // The phone is to move and gone: once the server notices, the desktop may claim.
      await desktop.locator('[data-gone]').waitFor({ timeout: 30_000 });
      claimable.push(Date.now() - gone);
    }
    const returned = Date.now();
    await phone.context().setOffline(false);
    relay.restore();
    await phone.locator('[data-connection][data-state="open"]').waitFor({ timeout: 10_000 });
    back.push(Date.now() - returned);
  }
  // Back, the phone plays on: its turn reaches the desktop, whose countdown is gone.
  await cell(phone, 2, 0).click();
  await discs(desktop, 2);
  await desktop.locator('[data-gone]').waitFor({ state: 'detached' });
  assert.equal(await phone.locator('[data-status]').getAttribute('data-turn'), 'red');
  console.log(`network gone: the phone said so in ${median(told)} ms (median), ${p95(told)} ms (p95 of ${told.length}); ` +
    `the desktop's claim countdown in ${claimable[0]} ms; back: connected again in ${median(back)} ms (median), ` +
    `${p95(back)} ms (p95)`);
  // The browser's own console errors for the sockets given up on, and for the service worker's
  // check for an update while offline, are expected.
  for (const page of [phone, desktop]) {
    page.errors = page.errors.filter((e) => !/WebSocket|fetching the script/.test(e));
    await done(page);
  }
});

test('a network gone quiet, with no word from the browser, is found by the heartbeat', async () => {
  const phone = await visit(browsers[1], relay.base, '#/five-tigers');
  await startOnline(phone);
  await phone.locator('[data-connection][data-state="open"]').waitFor();
  const gone = Date.now();
  relay.cut();
  try {
    await phone.locator('[data-connection][data-state="lost"]').waitFor({ timeout: 15_000 });
    console.log(`a network gone quiet: the phone said so in ${Date.now() - gone} ms`);
  } finally {
    relay.restore();
  }
  await phone.locator('[data-connection][data-state="open"]').waitFor({ timeout: 15_000 });
  await phone.locator('a[data-invite]').waitFor();
  await button(phone, 'leave-online').click();
  phone.errors = phone.errors.filter((e) => !/WebSocket/.test(e));
  await done(phone);
});
