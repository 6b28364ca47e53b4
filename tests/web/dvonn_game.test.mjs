// A whole DVONN game in the browser: alice creates a private room (not in the lobby), bob opens
// its link and takes the free seat, carol watches from the same link; every piece is placed and every stack moved by
// clicks (a cell; a stack, then its target) until nobody can move; alice reloads mid-game and
// has her seat back; a click on an occupied cell shows the server's reason. Moves are chosen
// from the state's `legal` list only (the middle one: it makes a short moving phase).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, stopAll } from './harness.mjs';
import {
  arrive, createRoom, mirror, waitForPly, moveList, statusText, clickCell, checkGuard,
} from './support/page-driver.mjs';
import { screenshot } from './support/screenshots.mjs';

let server;
let browser;

before(async () => {
  // The scenario clicks as fast as the page answers: on a quiet machine a player's moves come
  // faster than the protocol's 40 messages in 10 s per connection, which no person reaches
  // and which the abuse suite tests; here it would only refuse a click.
  server = await startServer({ args: ['--rate-limit', '1000'] });
  browser = await launchBrowser();
});
after(stopAll);

test('a DVONN game played to its end by clicks, watched, with a reload and a refused click', async () => {
  const desktop = { viewport: { width: 1280, height: 860 } };
  const alice = await openPage(browser, server, desktop);
  const bob = await openPage(browser, server, desktop);
  const carol = await openPage(browser, server, desktop);

  await arrive(alice, server, 'alice');
  const room = await createRoom(alice.page, { game: 'dvonn', seat: 'first', secret: true });

  await arrive(bob, server, 'bob', `#/room/${room}`);
  await bob.page.getByRole('button', { name: 'Take the free seat' }).click();
  await bob.page.locator('[data-seat="2"]').filter({ hasText: 'bob (you)' }).waitFor();
  await arrive(carol, server, 'carol');
  await carol.page.getByText('No rooms yet').waitFor();  // a private room is not listed
  await carol.page.evaluate((id) => { location.hash = `#/room/${id}`; }, room);
  await waitForPly(carol.page, room, 0);

  const seats = { 1: alice, 2: bob };
  const played = [];
  let refused = false;
  let reloaded = false;
  let pictured = false;
  for (let turn = 0; turn < 200; turn++) {
    const seen = await mirror(carol.page, room);
    if (seen.state.status === 'finished') break;
    const mover = seats[seen.state.to_move];
    const { state } = await mirror(mover.page, room);
    assert.equal(state.ply, seen.state.ply);
    assert.match(await statusText(mover.page), /^Your move/);
    const move = state.legal[Math.floor(state.legal.length / 2)];

    if (!refused && state.phase === 'placement' && state.placed >= 3) {
      // Placing on an occupied cell: refused, with the engine's reason, and nothing changes.
      refused = true;
      const taken = Object.keys(state.stacks).sort()[0];
      await clickCell(mover.page, taken);
      const alert = mover.page.getByRole('alert').filter({ hasText: 'is occupied' });
      await alert.waitFor();
      assert.equal(await alert.textContent(), `${taken}: ${taken} is occupied: place the piece on an empty cell`);
      assert.equal((await mirror(mover.page, room)).state.ply, state.ply);
    }
    if (!pictured && state.phase === 'movement' && state.ply >= 55) {
      pictured = true;
      await screenshot(carol.page, 'dvonn');
    }

    if (move.length === 2) {
      await clickCell(mover.page, move);
    } else {
      await clickCell(mover.page, move.slice(0, 2));
      await mover.page.locator(`[data-cell="${move.slice(2)}"].target`).waitFor();
      await clickCell(mover.page, move.slice(2));
    }
    played.push(move);
    await Promise.all([alice, bob, carol].map((p) => waitForPly(p.page, room, state.ply + 1)));

    if (!reloaded && state.ply >= 20) {
      reloaded = true;
      await alice.page.reload();
      await alice.page.locator(`[data-room="${room}"]`).waitFor();
      await waitForPly(alice.page, room, state.ply + 1);
      assert.equal((await mirror(alice.page, room)).seat, 1, 'alice has seat 1 again after the reload');
    }
  }

  const end = await mirror(carol.page, room);
  assert.equal(end.state.status, 'finished');
  assert.equal(end.state.result.reason, 'no_moves');
  assert.ok(refused && reloaded);
  // The server may pass for a player who cannot move; every other move is one we clicked.
  assert.deepEqual(end.state.history.filter((m) => m !== 'pass'), played);
  for (const p of [alice, bob, carol]) {
    assert.deepEqual(await moveList(p.page), end.state.history);
    await p.page.getByRole('status').filter({ hasText: /^Game over/ }).waitFor();
  }
  // Player 1 places the last piece (ply 48) and makes the first move (ply 49): both are alice's.
  const who = await carol.page.locator('ol[aria-label="History"] li .who-moved').allTextContents();
  assert.deepEqual([who[47], who[48], who[49], who[50]], ['bob', 'alice', 'alice', 'bob']);
  const [a, b] = end.state.result.score;
  // The end in DVONN's words: the winner's controlled height first.
  const [hi, lo] = end.state.result.winner === 2 ? [b, a] : [a, b];
  assert.match(await statusText(carol.page), new RegExp(`^Game over: .*, ${hi}–${lo} in controlled height`));
  console.log(`${end.state.history.length} moves, score ${a}–${b}`);
  for (const p of [alice, bob, carol]) checkGuard(p);
});
