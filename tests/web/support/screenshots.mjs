// Screenshots for the documentation, taken only when asked:
//   RINGSIDE_WEB_SCREENSHOTS=docs/screenshots ctest --preset release -L web
// (a relative directory is taken from the repository root). Ordinary runs write nothing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export async function screenshot(page, name) {
  const dir = process.env.RINGSIDE_WEB_SCREENSHOTS;
  if (!dir) return;
  // Nothing focused or hovered: the picture shows the board as anyone sees it.
  await page.mouse.move(0, 0);
  await page.evaluate(() => document.activeElement && document.activeElement.blur && document.activeElement.blur());
  // A move still sliding in would be caught half-way.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  await page.screenshot({ path: path.resolve(root, dir, `${name}.png`) });
}
