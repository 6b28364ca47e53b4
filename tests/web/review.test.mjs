// The review view: the board at any ply, from the server's positions. A spectator steps back
// while the game goes on underneath; the player reviewing cannot move by accident; the
// finished game opens from its link in the same view (click a move, ←/→, Home/End, back).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, stopAll } from './harness.mjs';
import { arrive, createRoom, mirror, waitForPly, waitForMoves, statusText, checkGuard } from './support/page-driver.mjs';
import { chooseZertzMove } from './support/zertz-policy.mjs';
import { screenshot } from './support/screenshots.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(stopAll);

async function typeMove(page, room) {
  const { state } = await mirror(page, room);
  const token = chooseZertzMove(state, { quiet: true }).token;
  await page.getByLabel('Move').fill(token);
  await page.getByLabel('Move').press('Enter');
  await waitForPly(page, room, state.ply + 2);  // the computer answers
}

async function where(page) {
  return (await page.locator('.review-where').textContent()).trim();
}

// What the board draws, as "rings/marbles" (cells gone show "no ring"), and the same of one
// of the server's positions: each move takes a ring or a marble, so each ply differs.
async function ringsShown(page) {
  return page.evaluate(() => {
    const labels = [...document.querySelectorAll('.board [data-cell]')].map((e) => e.getAttribute('aria-label'));
    return `${labels.filter((l) => !l.includes('no ring')).length}/${labels.filter((l) => l.includes('marble')).length}`;
  });
}
function ringsOf(position) {
  const v = Object.values(position.rings);
  return `${v.length}/${v.filter((x) => x !== '').length}`;
}
async function positions(room) {
  const res = await fetch(new URL(`/api/rooms/${room}/positions`, server.url));
  assert.equal(res.status, 200);
  return res.json();
}

test('review: step through a game being played and a finished one', async () => {
  const desktop = { viewport: { width: 1280, height: 900 } };
  const dana = await openPage(browser, server, desktop);
  const eve = await openPage(browser, server, desktop);
  const finn = await openPage(browser, server, desktop);

  await arrive(dana, server, 'dana');
  const room = await createRoom(dana.page, { game: 'zertz', seat: 'first', opponent: 1 });
  await dana.page.getByRole('status').filter({ hasText: /^Your move/ }).waitFor();
  for (let i = 0; i < 2; i++) await typeMove(dana.page, room);

  // A spectator steps back to the first position; the live game goes on underneath.
  await arrive(eve, server, 'eve', `#/room/${room}`);
  await waitForMoves(eve.page, 4);
  assert.equal(await where(eve.page), 'Live · move 4 of 4');
  await eve.page.locator('ol[aria-label="History"] li').first().click();
  await eve.page.keyboard.press('Home');
  await eve.page.locator('.review-where').filter({ hasText: 'Move 0 of 4' }).waitFor();
  const first = (await positions(room)).positions[0];
  assert.equal(await ringsShown(eve.page), ringsOf(first));
  await typeMove(dana.page, room);
  await waitForMoves(eve.page, 6);
  assert.equal(await where(eve.page), 'Move 0 of 6 (the game goes on)');
  assert.equal(await ringsShown(eve.page), ringsOf(first), 'the reviewed board stays');
  await eve.page.getByRole('button', { name: 'Back to the live position' }).click();
  assert.equal(await where(eve.page), 'Live · move 6 of 6');

  // The player reviewing on their turn: the Move field is off and the board takes no clicks.
  await dana.page.locator('ol[aria-label="History"] li').nth(1).click();
  await dana.page.locator('.review-where').filter({ hasText: 'Move 2 of 6' }).waitFor();
  assert.equal(await dana.page.getByLabel('Move').isDisabled(), true);
  const before = (await mirror(dana.page, room)).state.ply;
  const vacant = dana.page.locator('.board [data-cell]').first();
  await vacant.click();
  await vacant.click();
  await dana.page.waitForTimeout(300);
  assert.equal((await mirror(dana.page, room)).state.ply, before, 'no move was sent');
  await dana.page.keyboard.press('End');
  assert.equal(await where(dana.page), 'Live · move 6 of 6');
  assert.equal(await dana.page.getByLabel('Move').isDisabled(), false);

  // The game ends; its link opens the same view at the final position.
  await dana.page.getByRole('button', { name: 'Resign' }).click();
  await dana.page.getByRole('button', { name: 'Confirm resign' }).click();
  await dana.page.getByRole('status').filter({ hasText: /^Game over/ }).waitFor();
  const done = await positions(room);
  assert.equal(done.status, 'finished');
  const n = done.history.length;
  await arrive(finn, server, 'finn', `#/room/${room}`);
  await finn.page.getByRole('status').filter({ hasText: /^Game over/ }).waitFor();
  await waitForMoves(finn.page, n);
  assert.equal(await where(finn.page), `Final position · move ${n} of ${n}`);
  const shows = async (ply) => {
    await finn.page.locator('.review-where').filter({ hasText: `Move ${ply} of ${n}` }).waitFor();
    assert.equal(await ringsShown(finn.page), ringsOf(done.positions[ply]), `ply ${ply}`);
    assert.equal(await finn.page.locator('ol[aria-label="History"] li[aria-current="step"]').count(), ply > 0 ? 1 : 0);
  };
  await finn.page.locator('ol[aria-label="History"] li').nth(2).click();  // the third move
  await shows(3);
  await finn.page.keyboard.press('ArrowRight');
  await shows(4);
  await finn.page.keyboard.press('ArrowLeft');
  await finn.page.keyboard.press('ArrowLeft');
  await shows(2);
  await finn.page.keyboard.press('Home');
  await shows(0);
  await finn.page.keyboard.press('ArrowLeft');  // nothing before the first position
  await shows(0);
  await finn.page.getByRole('button', { name: 'Step forward' }).click();
  await shows(1);
  await finn.page.keyboard.press('End');
  assert.equal(await where(finn.page), `Final position · move ${n} of ${n}`);
  await finn.page.locator('ol[aria-label="History"] li').nth(2).click();
  await shows(3);
  await screenshot(finn.page, 'review');
  await finn.page.getByRole('button', { name: 'Back to the final position' }).click();
  assert.equal(await where(finn.page), `Final position · move ${n} of ${n}`);
  assert.match(await statusText(finn.page), /^Game over: computer 1 wins, by resignation/);
  // The record is there to download.
  const href = await finn.page.getByRole('link', { name: 'Download record' }).getAttribute('href');
  const record = await (await fetch(new URL(href, server.url))).text();
  assert.ok(record.includes(done.history[0]), 'the record holds the moves');
  for (const p of [dana, eve, finn]) checkGuard(p);
});
