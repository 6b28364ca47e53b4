// A new player's first ten minutes, in a ZÈRTZ game between two pages and a spectator who
// arrives late: the rules on one screen from the lobby and the room, progress toward each way
// to win beside each player, the end told in the game's own words, a chat field that clears
// once the server took the line, a late spectator reading the chat said before, an error
// line that moves no cell, the opponent's move animated (not for a user who asked for less
// motion) and knocked (not once muted), the page offline and back without stale red, and a
// room that does not exist, by `#` link and by plain path.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, stopAll } from './harness.mjs';
import { arrive, createRoom, mirror, waitForPly, checkGuard } from './support/page-driver.mjs';
import { screenshot } from './support/screenshots.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(stopAll);

const desktop = { viewport: { width: 1280, height: 860 } };

// A placement that is legal now: a vacant ring, and a free ring other than it.
function placement(state) {
  const vacant = Object.keys(state.rings).filter((c) => state.rings[c] === '').sort();
  const remove = state.removable[0];
  const at = vacant.find((c) => c !== remove);
  return `W${at}-${remove}`;
}

async function playTyped(page, token) {
  await page.getByLabel('Move').fill(token);
  await page.getByLabel('Move').press('Enter');
}

const animated = (page) => page.locator('.board-wrap').getAttribute('data-animated').then(Number);

test('rules, progress, chat, late spectator, steady board, animation and sound, offline, no such room', async () => {
  const alice = await openPage(browser, server, desktop);
  const bob = await openPage(browser, server, desktop);
  // Carol asked her system for less motion.
  const carol = await openPage(browser, server, { ...desktop, reducedMotion: 'reduce' });

  // The lobby: the rules of the game chosen in the form, one screen, closed again.
  await arrive(alice, server, 'alice');
  await alice.page.getByLabel('Game').selectOption('zertz');
  await alice.page.getByRole('button', { name: 'How to play' }).click();
  const rules = alice.page.getByRole('dialog', { name: 'How to play ZÈRTZ' });
  await rules.waitFor();
  assert.match(await rules.textContent(), /Capture 4 white, or 5 grey, or 6 black marbles, or 3 of each colour/);
  await rules.getByRole('button', { name: 'Close' }).click();
  await rules.waitFor({ state: 'hidden' });

  const room = await createRoom(alice.page, { game: 'zertz', seat: 'first', clock: '10+5' });
  await arrive(bob, server, 'bob', `#/room/${room}`);
  await bob.page.getByRole('button', { name: 'Take the free seat' }).click();
  await waitForPly(alice.page, room, 0);
  await alice.page.getByRole('status').filter({ hasText: /^Your move/ }).waitFor();

  // Progress toward every win condition of the variant, as the server's game list gives them.
  const games = await (await fetch(`${server.url}api/games`)).json();
  const standard = games.games.find((g) => g.name === 'zertz').variants.find((v) => v.name === 'standard');
  assert.deepEqual(standard.win, { W: 4, G: 5, B: 6, each: 3 });
  assert.equal(games.games.find((g) => g.name === 'dvonn').variants[0].win, undefined);
  const progress = alice.page.locator('[data-seat="1"] .progress');
  assert.equal(await progress.textContent(), '0/4 white · 0/5 grey · 0/6 black · 0/3 of each');

  // Chat: Enter sends, and the field clears once the server relayed the line back to us.
  const chat = alice.page.getByLabel('Chat');
  await chat.fill('good luck');
  await chat.press('Enter');
  await alice.page.getByRole('list', { name: 'Messages' }).filter({ hasText: 'good luck' }).waitFor();
  await alice.page.waitForFunction(() => document.getElementById('chat-input').value === '');
  await bob.page.getByRole('list', { name: 'Messages' }).filter({ hasText: 'alice: good luck' }).waitFor();
  await bob.page.getByLabel('Chat').fill('thanks, you too');
  await bob.page.getByLabel('Chat').press('Enter');
  await bob.page.waitForFunction(() => document.getElementById('chat-input').value === '');
  // One line each, each shown once.
  await alice.page.getByRole('list', { name: 'Messages' }).filter({ hasText: 'thanks, you too' }).waitFor();
  assert.equal(await alice.page.locator('.chat-log li').count(), 2);

  // A refused move: the error appears and the board has not moved a pixel.
  // Where the board is on the page (not in the window: typing may scroll the window).
  const boardBox = () => alice.page.locator('.board-wrap').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
  });
  const before1 = await boardBox();
  await playTyped(alice.page, 'Wz9-a1');
  await alice.page.getByRole('alert').filter({ hasText: 'Wz9-a1:' }).waitFor();
  assert.deepEqual(await boardBox(), before1, 'the error line did not push the board');

  // Carol arrives late, with reduced motion: she reads what was said before she came.
  await arrive(carol, server, 'carol', `#/room/${room}`);
  await waitForPly(carol.page, room, 0);
  await carol.page.getByRole('list', { name: 'Messages' }).filter({ hasText: 'alice: good luck' }).waitFor();
  assert.equal(await carol.page.locator('.chat-log li').count(), 2);

  // Alice's move: bob's board animates it and knocks; carol's does neither move nor shake.
  assert.equal(await bob.page.getByRole('button', { name: 'Sound on' }).count(), 1, 'sound is on by default on a desktop');
  const knocked = () => bob.page.evaluate(() => window.ringside.sound.played);
  const knocksBefore = await knocked();
  let { state } = await mirror(alice.page, room);
  await playTyped(alice.page, placement(state));
  await waitForPly(bob.page, room, 1);
  await waitForPly(carol.page, room, 1);
  assert.equal(await animated(bob.page), 1, "bob's board animated alice's move");
  assert.equal(await animated(carol.page), 0, "carol's board moved nothing (reduced motion)");
  assert.equal(await knocked(), knocksBefore + 1, 'one knock for the move');
  // Muted: the next move is silent.
  await bob.page.getByRole('button', { name: 'Sound on' }).click();
  await bob.page.getByRole('button', { name: 'Sound off' }).waitFor();
  ({ state } = await mirror(bob.page, room));
  await playTyped(bob.page, placement(state));
  await waitForPly(bob.page, room, 2);
  assert.equal(await knocked(), knocksBefore + 1, 'no knock once muted');
  assert.equal(await animated(alice.page), 2, "alice's board animated her move and bob's");

  // The rules from the room, over a game with its progress shown.
  await alice.page.getByRole('button', { name: 'Rules' }).click();
  await alice.page.getByRole('dialog', { name: 'How to play ZÈRTZ' }).waitFor();
  await screenshot(alice.page, 'zertz-rules');
  await alice.page.getByRole('button', { name: 'Close' }).click();

  // Offline: nothing but the link's own line turns red; a move tried meanwhile says so, and
  // that line goes once the link is back.
  const nameColour = () => alice.page.locator('[data-seat="2"] .player-name').evaluate((el) => getComputedStyle(el).color);
  const online = await nameColour();
  await alice.page.evaluate(() => {
    // Hold the reconnect back a moment, so the page is seen offline.
    const conn = window.ringside.conn;
    conn.backoff = 1500;
    conn.drop();
  });
  await alice.page.locator('body.offline').waitFor();
  assert.equal(await nameColour(), online, 'body.offline does not restyle the names');
  await playTyped(alice.page, 'Wa1');
  await alice.page.getByRole('alert').filter({ hasText: 'reconnecting' }).waitFor();
  await alice.page.locator('.link-state.online').waitFor();
  await alice.page.waitForFunction(() => document.querySelector('.move-error').textContent === '');

  // How a game ends is said in its own words (the modules the page runs, on made-up ends).
  const ends = await alice.page.evaluate(async () => {
    const { zertz } = await import('./js/games/zertz.js');
    const { dvonn } = await import('./js/games/dvonn.js');
    const caps = (W, G, B) => ({ W, G, B });
    return [
      zertz.endDetail({ variant: 'standard', result: { winner: 1, reason: 'win_condition' }, captured: [caps(4, 1, 0), caps(0, 0, 0)] }),
      zertz.endDetail({ variant: 'blitz', result: { winner: 2, reason: 'win_condition' }, captured: [caps(0, 0, 0), caps(2, 2, 2)] }),
      zertz.endDetail({ variant: 'standard', result: { winner: 2, reason: 'board_full' }, captured: [caps(0, 0, 0), caps(1, 1, 1)] }),
      dvonn.endDetail({ result: { winner: 2, reason: 'no_moves' }, score: [21, 25] }),
    ];
  });
  assert.deepEqual(ends, [
    'with 4 white marbles',
    'with 2 marbles of each colour',
    'by isolating the last rings: the board is gone',
    '25–21 in controlled height (the pieces in stacks topped by each colour)',
  ]);
  // And a real end: bob resigns, both read it.
  await bob.page.getByRole('button', { name: 'Resign' }).click();
  await bob.page.getByRole('button', { name: 'Confirm resign' }).click();
  await alice.page.getByRole('status').filter({ hasText: 'Game over: you win, by resignation.' }).waitFor();

  // A room that does not exist: said so, with the way back.
  await alice.page.evaluate(() => { location.hash = '#/room/nosuchroom1'; });
  await alice.page.getByRole('heading', { name: 'No such room' }).waitFor();
  await alice.page.getByRole('link', { name: '← Back to the lobby' }).click();
  await alice.page.getByRole('button', { name: 'Create' }).waitFor();

  // A room's link without its `#` leads to the room.
  const res = await fetch(`${server.url}room/${room}`, { redirect: 'manual' });
  assert.equal(res.status, 302);
  assert.equal(res.headers.get('location'), `/#/room/${room}`);
  assert.equal((await fetch(`${server.url}room/a%2Fb`, { redirect: 'manual' })).status, 404);
  await carol.page.goto(`${server.url}room/${room}`);
  await carol.page.locator(`[data-room="${room}"]`).waitFor();
  assert.equal(new URL(carol.page.url()).hash, `#/room/${room}`);

  for (const p of [alice, bob, carol]) checkGuard(p);
});

test('DVONN: coordinates on every edge, its own move example, the score said as what it is', async () => {
  const dan = await openPage(browser, server, desktop);
  await arrive(dan, server, 'dan');
  const room = await createRoom(dan.page, { game: 'dvonn', seat: 'first' });
  await waitForPly(dan.page, room, 0);
  const edges = await dan.page.locator('.board.dvonn text.axis.edge').allTextContents();
  // Letters under row 1 (a–i) and over row 5 (c–k); each row's number at both its ends.
  const count = (label) => edges.filter((t) => t === label).length;
  for (const label of ['a', 'b', 'j', 'k']) assert.equal(count(label), 1, `${label} is written once`);
  for (const label of ['c', 'd', 'e', 'f', 'g', 'h', 'i']) assert.equal(count(label), 2, `${label} is written at both ends`);
  for (const label of ['1', '2', '3', '4', '5']) assert.equal(count(label), 2, `row ${label} is numbered at both ends`);
  assert.equal(await dan.page.getByLabel('Move').getAttribute('placeholder'), 'e.g. f3 to place, c3e3 to move');
  assert.match(await dan.page.locator('[data-seat="1"] .score').textContent(), /^0 in stacks you control$/);
  await dan.page.getByRole('button', { name: 'Rules' }).click();
  assert.match(await dan.page.getByRole('dialog', { name: 'How to play DVONN' }).textContent(), /height of the stacks you control/);
  checkGuard(dan);
});

test('a phone (390 × 844): both clocks in view above the board, DVONN cells of 40 px, "tap", silent by default', async () => {
  const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
  const ann = await openPage(browser, server, phone);
  const ben = await openPage(browser, server, phone);
  await arrive(ann, server, 'ann');
  const room = await createRoom(ann.page, { game: 'dvonn', seat: 'first', clock: '5+3' });
  await arrive(ben, server, 'ben', `#/room/${room}`);
  await ben.page.getByRole('button', { name: 'Take the free seat' }).click();
  await ann.page.getByRole('status').filter({ hasText: /^Your move/ }).waitFor();

  for (const p of [ann, ben]) {
    for (const seat of [1, 2]) {
      await p.page.waitForFunction((s) => document.querySelector(`[data-clock="${s}"]`).textContent !== '', seat);
      // Measured in one step in the page: each state rebuilds the players' rows, so a handle
      // taken first can be detached by the time it is measured.
      const box = await p.page.evaluate((s) => {
        const r = document.querySelector(`[data-clock="${s}"]`).getBoundingClientRect();
        return { y: r.y, height: r.height, width: r.width };
      }, seat);
      assert.ok(box.width > 0 && box.y >= 0 && box.y + box.height <= 844, `clock ${seat} is in view (${JSON.stringify(box)})`);
    }
  }
  // In one step too: a state that arrives now redraws the board.
  const cell = await ann.page.evaluate(() => document.querySelector('[data-cell="f3"] .hit').getBoundingClientRect().width);
  assert.ok(cell >= 40, `a DVONN cell is ${cell.toFixed(1)} px wide`);
  assert.match(await ann.page.locator('.hint').textContent(), /^Tap an empty cell/);
  assert.equal(await ann.page.getByRole('button', { name: 'Sound off' }).count(), 1, 'silent by default on a phone');
  const [scroll, client] = await ann.page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= client, 'only the board scrolls sideways, never the page');
  await ann.page.locator('[data-cell="f3"]').tap();
  await waitForPly(ben.page, room, 1);
  await screenshot(ben.page, 'phone-dvonn');
  for (const p of [ann, ben]) checkGuard(p);
});
