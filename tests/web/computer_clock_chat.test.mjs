// The rest of what a player sees and does: a room against the computer made from the create
// form (a 61-ring board with a clock), the clocks counting down, chat, the lobby listing the
// rooms page by page, a draw offered, a resignation, and the game record.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, stopAll } from './harness.mjs';
import {
  arrive, createRoom, mirror, waitForPly, lobbyRow, statusText, clickCell, checkGuard,
} from './support/page-driver.mjs';
import { chooseZertzMove } from './support/zertz-policy.mjs';
import { screenshot } from './support/screenshots.mjs';

let server;
let browser;

before(async () => {
  // One room per page of the room list, so the lobby's "Older rooms" is needed and tested.
  server = await startServer({ args: ['--room-list-page', '1'] });
  browser = await launchBrowser();
});
after(stopAll);

test('against the computer on 61 rings: clocks, chat, lobby, draw offer, resignation, record', async () => {
  const desktop = { viewport: { width: 1280, height: 900 } };
  const dana = await openPage(browser, server, desktop);
  const eve = await openPage(browser, server, desktop);

  await arrive(dana, server, 'dana');
  const room = await createRoom(dana.page, { game: 'zertz', board: 61, clock: '10+5', seat: 'first', opponent: 1 });
  await dana.page.locator('[data-seat="2"]').filter({ hasText: 'computer 1' }).waitFor();
  await dana.page.getByRole('status').filter({ hasText: /^Your move/ }).waitFor();

  // Before my first move my clock stands still and says why: it starts with that move.
  const mine = dana.page.locator('[data-clock="1"]');
  const theirs = dana.page.locator('[data-clock="2"]');
  assert.equal(await mine.textContent(), '10:00 · starts at first move');
  assert.equal(await theirs.textContent(), '10:00 · starts at first move');

  // A few moves by clicks; the computer answers each.
  for (let i = 0; i < 3; i++) {
    const { state } = await mirror(dana.page, room);
    const plan = chooseZertzMove(state, { quiet: true });
    if (plan.capture) {
      for (const c of plan.capture) await clickCell(dana.page, c);
    } else {
      const colour = { W: /^white/, G: /^grey/, B: /^black/ }[plan.colour];
      await dana.page.getByRole('group', { name: 'Marble colour' }).getByRole('button', { name: colour }).click();
      await clickCell(dana.page, plan.cell);
      if (plan.remove) await clickCell(dana.page, plan.remove);
    }
    await waitForPly(dana.page, room, state.ply + 2);
  }
  const { state } = await mirror(dana.page, room);
  assert.equal(state.history.length, 6);
  // Both have moved: my clock runs while I think; the computer's stands still.
  const before = await mine.textContent();
  assert.match(before, /^(10:\d\d|9:\d\d)$/);
  await dana.page.waitForFunction((t) => document.querySelector('[data-clock="1"]').textContent !== t, before);
  // Two moves of 5 s increment each (the first is free), minus what its searches took.
  assert.match(await theirs.textContent(), /^(10:(0\d|1[0-5])|9:\d\d)$/);

  // Someone else in the lobby sees the room, and a waiting one; watches, and chats.
  await arrive(eve, server, 'eve');
  const waiting = await createRoom(eve.page, { game: 'dvonn', clock: '20+10' });
  await eve.page.getByRole('link', { name: '← Lobby' }).click();
  // Games against the computer are listed only when asked for.
  await lobbyRow(eve.page, waiting);  // the newest room: the first page
  assert.equal(await eve.page.locator(`[data-room-row="${room}"]`).count(), 0);
  assert.equal(await eve.page.getByRole('button', { name: 'Older rooms' }).count(), 0);
  await eve.page.getByLabel('Show rooms with a computer player').check();
  await lobbyRow(eve.page, waiting);
  await eve.page.getByRole('button', { name: 'Older rooms' }).click();
  const row = await lobbyRow(eve.page, room);
  assert.match(await row.textContent(), /dana vs computer 1/);
  // The room list says each room's clock.
  assert.equal((await row.locator('.c-clock').textContent()).trim(), '10+5');
  assert.equal((await (await lobbyRow(eve.page, waiting)).locator('.c-clock').textContent()).trim(), '20+10');
  await screenshot(eve.page, 'lobby');
  await row.getByRole('button', { name: 'Watch', exact: true }).click();
  await eve.page.locator(`[data-room="${room}"]`).waitFor();
  await eve.page.getByLabel('Chat').fill('nice opening');
  await eve.page.getByLabel('Chat').press('Enter');
  await dana.page.locator('ul[aria-label="Messages"] li').filter({ hasText: 'eve: nice opening' }).waitFor();
  await dana.page.getByText(/1 watching/).waitFor();
  await screenshot(dana.page, 'zertz-61');

  // A typed move works like a clicked one.
  const typed = chooseZertzMove((await mirror(dana.page, room)).state, { quiet: true }).token;
  await dana.page.getByLabel('Move').fill(typed);
  await dana.page.getByLabel('Move').press('Enter');
  await waitForPly(eve.page, room, 7);
  assert.equal((await mirror(eve.page, room)).state.history[6], typed);

  // Offer a draw, then resign (two clicks), and read the record.
  await waitForPly(dana.page, room, 8);
  await dana.page.getByRole('button', { name: 'Offer draw' }).click();
  await dana.page.getByRole('button', { name: 'Draw offered' }).waitFor();
  await dana.page.getByRole('button', { name: 'Resign' }).click();
  await dana.page.getByRole('button', { name: 'Confirm resign' }).click();
  await eve.page.getByRole('status').filter({ hasText: 'Game over: computer 1 wins, by resignation.' }).waitFor();
  assert.equal(await statusText(dana.page), 'Game over: computer 1 wins, by resignation.');
  const href = await dana.page.getByRole('link', { name: 'Download record' }).getAttribute('href');
  const record = await (await fetch(new URL(href, server.url))).text();
  assert.match(record, /\[Result "0-1"\]/);
  assert.ok(record.includes(typed), 'the record holds the moves');
  for (const p of [dana, eve]) checkGuard(p);
});
