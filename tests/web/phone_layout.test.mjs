// The page on a phone-sized screen (390 × 844): the lobby and a room of each game fit the
// width (no horizontal scroll), a move can be made with the keyboard alone, a phone set to
// dark gets dark colours, and a draw is offered and agreed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, stopAll } from './harness.mjs';
import { arrive, createRoom, mirror, waitForPly, lobbyRow, checkGuard } from './support/page-driver.mjs';
import { screenshot } from './support/screenshots.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(stopAll);

async function noHorizontalScroll(page, where) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= client, `${where}: the page is ${scroll} px wide in a ${client} px window`);
}

test('390 px wide: lobby and both games fit, a ZÈRTZ move by keyboard alone, dark mode, a draw agreed', async () => {
  // Ben's phone is set to dark: the page follows the system setting.
  const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
  const darkPhone = { ...phone, colorScheme: 'dark' };
  const ann = await openPage(browser, server, phone);
  const ben = await openPage(browser, server, darkPhone);

  await arrive(ann, server, 'ann');
  const dvonnRoom = await createRoom(ann.page, { game: 'dvonn', clock: '5+3' });
  await noHorizontalScroll(ann.page, 'a DVONN room');
  await ann.page.getByRole('link', { name: '← Lobby' }).click();
  const room = await createRoom(ann.page, { game: 'zertz', board: 61, seat: 'first', clock: '10+5' });
  await noHorizontalScroll(ann.page, 'a 61-ring ZÈRTZ room');

  await arrive(ben, server, 'ben');
  await lobbyRow(ben.page, dvonnRoom);
  await noHorizontalScroll(ben.page, 'the lobby');
  await (await lobbyRow(ben.page, room)).getByRole('button', { name: 'Join', exact: true }).click();
  await waitForPly(ann.page, room, 0);
  await ann.page.getByRole('status').filter({ hasText: /^Your move/ }).waitFor();

  // Keyboard only: Tab to the colour buttons, pick grey, Tab onto the board, walk with the
  // arrows, Enter to place, arrows to a free ring, Enter to remove it.
  const { state } = await mirror(ann.page, room);
  const grey = ann.page.getByRole('group', { name: 'Marble colour' }).getByRole('button', { name: /^grey/ });
  await grey.focus();
  await ann.page.keyboard.press('Enter');
  assert.equal(await grey.getAttribute('aria-pressed'), 'true');
  const focused = () => ann.page.evaluate(() => document.activeElement && document.activeElement.dataset.cell);
  for (let i = 0; i < 4 && !(await focused()); i++) await ann.page.keyboard.press('Tab');
  const start = await focused();
  assert.ok(start && state.rings[start] === '', `Tab reaches a vacant ring of the board (got ${start})`);
  await ann.page.keyboard.press('ArrowUp');
  const placed = await focused();
  assert.ok(placed && placed !== start, 'the arrow keys move between cells');
  await ann.page.keyboard.press('Enter');
  // Walk down to the bottom edge: the rings there are free on an empty board.
  for (let i = 0; i < 6; i++) await ann.page.keyboard.press('ArrowDown');
  const removed = await focused();
  assert.ok(state.removable.includes(removed), `${removed} is a free ring`);
  await ann.page.keyboard.press('Enter');
  await waitForPly(ben.page, room, 1);
  const after1 = (await mirror(ben.page, room)).state;
  assert.deepEqual(after1.history, [`G${placed}-${removed}`]);
  await noHorizontalScroll(ben.page, 'a ZÈRTZ game in progress');
  await screenshot(ben.page, 'phone');
  assert.equal(await ben.page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(21, 23, 26)');

  // A draw offered by one and accepted by the other ends the game.
  await ben.page.getByRole('button', { name: 'Offer draw' }).click();
  await ann.page.getByRole('status').filter({ hasText: 'ben offers a draw' }).waitFor();
  await ann.page.getByRole('button', { name: 'Accept draw' }).click();
  for (const p of [ann, ben]) {
    await p.page.getByRole('status').filter({ hasText: 'Game over: a draw, draw agreed.' }).waitFor();
  }
  for (const p of [ann, ben]) checkGuard(p);
});
