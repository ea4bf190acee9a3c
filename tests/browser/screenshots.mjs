// Saves a screenshot of every screen to tests/browser/artifacts/, to look at as a player would.
// Usage: node tests/browser/screenshots.mjs (after `trunk build --release`).
import { mkdirSync } from 'node:fs';
import { serve, launch, open, cell } from './harness.mjs';

const out = new URL('./artifacts/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const server = await serve();
const browser = await launch();
const shot = (page, name) => page.screenshot({ path: `${out}${name}.png` });

let page = await open(browser, server.url, '#/');
await shot(page, 'picker');
page = await open(browser, server.url, '#/connect-four');
for (const x of [3, 3, 2, 4, 4, 2]) await cell(page, x, 0).click();
await cell(page, 2, 2).hover();
await shot(page, 'connect-four-play');
for (const x of [1, 5, 0]) await cell(page, x, 0).click();
await page.waitForTimeout(400); // the overlay fades in
await shot(page, 'connect-four-won');
await page.locator('[data-overlay] [data-action="close"]').click();
await shot(page, 'connect-four-won-board');
page = await open(browser, server.url, '#/connect-four', { storage: { 'board-suite/v1/connect-four': '{' } });
await page.locator('button[data-action="language"]').click();
await shot(page, 'connect-four-zh-notice');
await page.setViewportSize({ width: 390, height: 800 });
await shot(page, 'connect-four-phone');
await browser.close();
server.close();
console.log(`screenshots in ${out}`);
