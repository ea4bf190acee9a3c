// Each game says how to play it (`[data-help]`), folded away until opened (its words are
// fetched then), in the page's language: English, then Chinese once the language is switched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { done, gameData, suite, switchLanguage } from './harness.mjs';

const browser = suite();
const GAMES = await browser.games();
const CJK = /[\u4e00-\u9fff]/;

/** The help's text once opened, and its paragraphs'. */
async function openHelp(page) {
  const help = page.locator('[data-help]');
  assert.equal(await help.count(), 1, 'one help panel');
  if (!(await help.evaluate((details) => details.open))) await help.locator('summary').click();
  assert.equal(await help.evaluate((details) => details.open), true, 'the help opens');
  // The words come with the extras, fetched the first time the help opens.
  await help.locator('p[data-loading]').waitFor({ state: 'detached' });
  const paragraphs = await help.locator('p').allTextContents();
  assert.ok(await help.locator('p').first().isVisible(), 'its text is shown');
  return { summary: await help.locator('summary').textContent(), paragraphs };
}

for (const slug of GAMES) {
  test(`${slug}: the help says how to play, in English and in Chinese`, async () => {
    const page = await browser.open(gameData(slug).route);
    await page.waitForSelector(`main[data-game="${slug}"]`);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');

    const english = await openHelp(page);
    assert.equal(english.summary, 'How to play');
    assert.ok(english.paragraphs.length > 0, 'paragraphs of help');
    for (const text of english.paragraphs) {
      assert.ok(text.trim().length > 0, 'no empty paragraph');
      // English, though it may name a piece or a rule by its characters too.
      assert.match(text, /\b[a-z]{4,}\b.*\b[a-z]{4,}\b/i, `English help is in English: ${text}`);
    }
    assert.ok(english.paragraphs.join(' ').length > 150, 'more than a line of help');

    await switchLanguage(page);
    await page.waitForFunction(() => document.documentElement.lang === 'zh-Hant');
    const chinese = await openHelp(page);
    assert.equal(chinese.summary, '玩法說明');
    assert.ok(chinese.paragraphs.length > 0, 'paragraphs of help');
    for (const text of chinese.paragraphs) assert.ok(CJK.test(text), `Chinese help is in Chinese: ${text}`);
    assert.notDeepEqual(chinese.paragraphs, english.paragraphs, 'the text changed with the language');
    await done(page);
  });
}

test('a help whose words cannot be fetched says so, and fetches them when opened again', async () => {
  const [slug] = GAMES;
  const page = await browser.open(gameData(slug).route);
  await page.waitForSelector(`main[data-game="${slug}"]`);
  const extras = /\.split_extras\.wasm/;
  await page.route(extras, (route) => route.abort());
  const help = page.locator('[data-help]');
  await help.locator('summary').click();
  await help.locator('p[data-loading]', { hasText: 'could not be loaded' }).waitFor();
  await page.unroute(extras);
  // Closed and opened again: asked again.
  await help.locator('summary').click();
  await help.locator('summary').click();
  await help.locator('p[data-loading]').waitFor({ state: 'detached' });
  assert.ok((await help.locator('p').count()) > 0, 'its words came');
  // The failed fetch was logged by the browser; nothing else was.
  page.errors = page.errors.filter((e) => !/Failed to load resource|net::ERR_FAILED|Failed to fetch/i.test(e));
  await done(page);
});
