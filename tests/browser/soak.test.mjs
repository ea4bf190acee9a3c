// A soak test: every game driven by seeded random input (clicks, drags, keys, buttons,
// settings, reloads, a trip to the picker and back). It fails on any panic or console error,
// on a board that disappears, and on a reload that loses moves. A failure names its seed and
// step; replay it with `SOAK_SEED=<seed> node --test tests/browser/soak.test.mjs`
// (`SOAK_STEPS=<n>` for a longer run).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { done, moveCount, suite } from './harness.mjs';

const browser = suite();
const SEED = Number(process.env.SOAK_SEED ?? 2026);
const STEPS = Number(process.env.SOAK_STEPS ?? 150);
/** Every game the app lists, in the picker's order (each game's seed is SEED + its place). */
const GAMES = await browser.games();
const KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Enter', ' ', 'Escape', 'Tab'];

/** mulberry32: a small seeded generator, the same sequence on every machine. */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { below: (n) => Math.floor(next() * n), pick: (list) => list[Math.floor(next() * list.length)] };
}

/** The centres of what a person could click now: visible, enabled, not behind the cover. */
const clickable = (page, selector) => page.evaluate((sel) => [...document.querySelectorAll(sel)]
  .filter((el) => !el.closest('[inert]') && !el.disabled && el.getClientRects().length > 0)
  .map((el) => { const r = el.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; }),
selector);


/** One random input; returns its description for the failure message. */
async function step(page, random, slug) {
  const roll = random.below(100);
  if (roll < 20) {
    // A piece that may move now, then one of its hinted squares, as a player would.
    const movable = await clickable(page, '[data-cell]:has([data-piece][draggable="true"])');
    const from = random.pick(movable);
    if (!from) return 'no movable piece';
    await page.mouse.click(from.x, from.y);
    const to = random.pick(await clickable(page, '[data-cell][data-hint]'));
    if (to) await page.mouse.click(to.x, to.y);
    return `pick up at ${from.x},${from.y} and put down at ${to?.x},${to?.y}`;
  }
  if (roll < 35) {
    const canvas = await page.locator('canvas').count() ? await page.locator('canvas').boundingBox() : null;
    if (canvas) {
      const at = { x: canvas.x + random.below(canvas.width), y: canvas.y + random.below(canvas.height) };
      await page.mouse.click(at.x, at.y);
      return `click the canvas at ${at.x},${at.y}`;
    }
    const cells = await clickable(page, '[data-cell]');
    const at = random.pick(cells);
    if (at) await page.mouse.click(at.x, at.y);
    return `click a cell at ${at?.x},${at?.y}`;
  }
  if (roll < 55) {
    const pieces = page.locator('[data-piece]');
    const count = await pieces.count();
    const targets = await page.locator('[data-cell]').count();
    if (!count || !targets) return 'no piece to drag';
    const [from, to] = [random.below(count), random.below(targets)];
    await pieces.nth(from).dragTo(page.locator('[data-cell]').nth(to), { force: true, timeout: 2000 }).catch(() => {});
    return `drag piece ${from} to cell ${to}`;
  }
  if (roll < 70) {
    const cells = await page.locator('[data-cell]').count();
    if (cells && random.below(2)) await page.locator('[data-cell]').nth(random.below(cells)).focus().catch(() => {});
    const key = random.pick(KEYS);
    await page.keyboard.press(key);
    return `key ${JSON.stringify(key)}`;
  }
  if (roll < 85) {
    // Not online play's: this test's server is a static host (online play has its own test).
    const buttons = await clickable(page, 'button:not(.online button, .online-choices button)');
    const at = random.pick(buttons);
    if (at) await page.mouse.click(at.x, at.y);
    return `click a button at ${at?.x},${at?.y}`;
  }
  if (roll < 93) {
    // The game's own settings: the computer opponent moves by itself, which this test's
    // checks do not expect (it has its own tests).
    const settings = page.locator('[data-setting]:not([data-setting="opponent"]):enabled:visible');
    const count = await settings.count();
    if (!count) return 'no setting';
    const setting = settings.nth(random.below(count));
    if (await setting.evaluate((el) => el.tagName === 'SELECT')) {
      const options = await setting.locator('option').count();
      await setting.selectOption({ index: random.below(options) }).catch(() => {});
    } else {
      await setting.click({ force: true, timeout: 2000 }).catch(() => {});
    }
    return 'change a setting';
  }
  if (roll < 98) {
    const before = await moveCount(page);
    await page.reload();
    await page.waitForSelector('header.top');
    assert.equal(await moveCount(page), before, 'a reload keeps every move');
    return 'reload';
  }
  // By the address (the result overlay may cover the header's link), then by the card.
  await page.evaluate(() => { location.hash = '#/'; });
  await page.locator(`a[data-link="${slug}"]`).click();
  // The route changes at once; the game's page is drawn on a later task.
  await page.locator(`main[data-game="${slug}"] [data-board]`).waitFor({ timeout: 5000 }).catch(() => {});
  return 'to the picker and back';
}

for (const [index, slug] of GAMES.entries()) {
  const seed = SEED + index;
  test(`soak: ${STEPS} random inputs on ${slug} (seed ${seed})`, async () => {
    const random = generator(seed);
    const page = await browser.open(`#/${slug}`);
    let most = 0;
    for (let i = 0; i < STEPS; i++) {
      const what = await step(page, random, slug);
      const where = `seed ${seed}, step ${i}: ${what}`;
      assert.deepEqual(page.errors, [], `${where}: console errors`);
      assert.equal(await page.locator(`main[data-game="${slug}"] [data-board]`).count(), 1, `${where}: the board is gone`);
      most = Math.max(most, await moveCount(page));
    }
    console.log(`${slug}: at most ${most} moves on the list`);
    assert.ok(most >= 1, 'the random input played the game');
    await done(page);
  });
}
