// A whole ZÈRTZ game in the browser: alice creates a blitz room, bob joins it from the lobby,
// carol watches; the players play by clicking cells (a compulsory capture included) until the
// game ends; carol sees every move; bob reloads mid-game and has his seat back; a click the
// rules refuse shows the server's reason.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, stopAll } from './harness.mjs';
import {
  arrive, createRoom, lobbyRow, mirror, waitForPly, moveList, statusText, clickCell, checkGuard,
} from './support/page-driver.mjs';
import { chooseZertzMove } from './support/zertz-policy.mjs';
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

async function playByClicks(page, plan) {
  if (plan.capture) {
    for (const cell of plan.capture) await clickCell(page, cell);
    return;
  }
  const colour = { W: /^white/, G: /^grey/, B: /^black/ }[plan.colour];
  await page.getByRole('group', { name: 'Marble colour' }).getByRole('button', { name: colour }).click();
  await clickCell(page, plan.cell);
  if (plan.remove) await clickCell(page, plan.remove);
}

test('a ZÈRTZ game played to its end by clicks, watched, with a reload and a refused click', async () => {
  const desktop = { viewport: { width: 1280, height: 900 } };
  const alice = await openPage(browser, server, desktop);
  const bob = await openPage(browser, server, desktop);
  const carol = await openPage(browser, server, desktop);

  await arrive(alice, server, 'alice');
  const room = await createRoom(alice.page, { game: 'zertz', variant: 'blitz', board: 37, seat: 'first' });
  assert.match(await statusText(alice.page), /Waiting for an opponent/);

  await arrive(bob, server, 'bob');
  await (await lobbyRow(bob.page, room)).getByRole('button', { name: 'Join', exact: true }).click();
  await bob.page.locator(`[data-room="${room}"]`).waitFor();

  // What carol's page sends, to see it ask for `sync` when it misses a patch.
  const carolSent = [];
  carol.page.on('websocket', (ws) => ws.on('framesent', (f) => carolSent.push(String(f.payload))));
  await arrive(carol, server, 'carol');
  await (await lobbyRow(carol.page, room)).getByRole('button', { name: 'Watch', exact: true }).click();
  await carol.page.locator(`[data-room="${room}"]`).waitFor();
  await waitForPly(carol.page, room, 0);

  const seats = { 1: alice, 2: bob };
  const played = [];
  let captures = 0;
  let refused = false;
  let reloaded = false;
  let lostAt = -1;
  for (let turn = 0; turn < 80; turn++) {
    const seen = await mirror(alice.page, room);
    if (seen.state.status === 'finished') break;
    assert.equal(seen.state.status, 'playing');
    const mover = seats[seen.state.to_move];
    const { state } = await mirror(mover.page, room);
    assert.equal(state.ply, seen.state.ply, 'both players see the same position');
    assert.match(await statusText(mover.page), /^Your move/);
    const plan = chooseZertzMove(state);

    if (plan.capture && !refused) {
      // A placement while a capture is due: the rules refuse it, and the page says why.
      await screenshot(mover.page, 'zertz-37-capture');
      refused = true;
      const vacant = Object.keys(state.rings).filter((c) => state.rings[c] === '').sort();
      const free = state.removable.filter((c) => c !== vacant[0]).sort();
      await mover.page.getByRole('group', { name: 'Marble colour' }).getByRole('button', { disabled: false }).first().click();
      await clickCell(mover.page, vacant[0]);
      if (free.length) await clickCell(mover.page, free[0]);
      const alert = mover.page.getByRole('alert').filter({ hasText: 'a capture is compulsory' });
      await alert.waitFor();
      assert.match(await alert.textContent(), /a capture is compulsory: .*[WGB][a-g]\dx[a-g]\d/);
      assert.equal((await mirror(mover.page, room)).state.ply, state.ply, 'nothing was played');
    }

    if (plan.capture) captures++;
    await playByClicks(mover.page, plan);
    played.push(plan.token);
    await Promise.all([alice, bob, carol].map((p) => waitForPly(p.page, room, state.ply + 1)));
    assert.equal(await mover.page.getByRole('alert').textContent(), '', `no refusal of ${plan.token}`);

    if (!reloaded && state.ply >= 5) {
      // Bob reloads in the middle of the game: the kept token brings his seat back.
      reloaded = true;
      await bob.page.reload();
      await bob.page.locator(`[data-room="${room}"]`).waitFor();
      await waitForPly(bob.page, room, state.ply + 1);
      const back = await mirror(bob.page, room);
      assert.equal(back.seat, 2, 'bob is in seat 2 again after the reload');
      await bob.page.locator('[data-seat="2"]').filter({ hasText: 'bob (you)' }).waitFor();
      // Alice's connection drops: the page says so, comes back on its own, seat and all.
      await alice.page.evaluate(() => window.ringside.conn.drop());
      await alice.page.locator('.link-state.reconnecting').filter({ hasText: 'reconnecting…' }).waitFor();
      await alice.page.locator('.link-state.online').waitFor();
      assert.equal((await mirror(alice.page, room)).seat, 1);
      // Carol's page "misses" a patch (its mirror is set one version back): the next patch
      // does not follow on, so it asks for `sync` and adopts the snapshot.
      await carol.page.evaluate((id) => { window.ringside.app.mirrors.get(id).version -= 1; }, room);
      lostAt = carolSent.length;
    }
  }

  const end = await mirror(carol.page, room);
  assert.equal(end.state.status, 'finished', `the game ended (moves: ${played.join(' ')})`);
  assert.equal(end.state.result.reason, 'win_condition');
  assert.ok(captures >= 1, 'at least one compulsory capture was played by clicks');
  assert.ok(refused && reloaded);
  assert.ok(carolSent.slice(lostAt).some((f) => JSON.parse(f).type === 'sync'), 'a gap made the page ask for sync');
  assert.deepEqual(end.state.history, played, 'the watcher saw every move, in order');
  for (const p of [alice, bob, carol]) {
    assert.deepEqual(await moveList(p.page), played);
    await p.page.getByRole('status').filter({ hasText: /^Game over/ }).waitFor();
  }
  const winner = end.state.result.winner;
  // The end names the condition met (blitz: 3 white, 4 grey, 5 black or 2 of each).
  const how = '(with \\d+ (white|grey|black) marbles|with 2 marbles of each colour)\\.$';
  assert.match(await statusText(seats[winner].page), new RegExp(`^Game over: you win, ${how}`));
  assert.match(await statusText(carol.page), new RegExp(`^Game over: ${winner === 1 ? 'alice' : 'bob'} wins, ${how}`));
  console.log(`${played.length} moves, ${captures} captures: ${played.join(' ')}`);
  for (const p of [alice, bob, carol]) checkGuard(p);
});
