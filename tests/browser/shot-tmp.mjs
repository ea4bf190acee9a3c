import { launch } from './harness.mjs';
import { gameServer, visit } from './game-server.mjs';
const server = await gameServer();
for (const [w, h, tag] of [[1280, 800, 'desk'], [390, 844, 'phone']]) {
  const browser = await launch();
  const page = await visit(browser, server.base(), '#/connect-four');
  await page.setViewportSize({ width: w, height: h });
  await page.locator('[data-player] button').waitFor();
  await page.screenshot({ path: `/tmp/shot-${tag}-header.png` });
  await browser.close();
}
await server.close();
