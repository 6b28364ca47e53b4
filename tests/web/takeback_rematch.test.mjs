// Takebacks, a declined draw and a rematch in the browser: alice asks to take back her move
// with the Takeback button, bob sees the ask and accepts it, both pages show the move gone;
// bob offers a draw, alice declines it and bob is told; after bob resigns, alice offers a
// rematch and bob accepts, and both pages are taken to the new room, seats swapped. Moves
// are sent through the page's own connection (clicking cells is other scenarios' subject).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, stopAll } from './harness.mjs';
import { arrive, createRoom, lobbyRow, mirror, moveList, statusText } from './support/page-driver.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(stopAll);

// Sends `msg` through the page's connection and waits for its answer.
async function request(page, msg) {
  return page.evaluate((m) => window.ringside.conn.request(m), msg);
}

// A legal first placement read off the page's own state.
async function placement(page, room, colour) {
  const { state, version } = await mirror(page, room);
  return { type: 'move', room, move: `${colour}${state.removable[0]}-${state.removable[1]}`, version };
}

// Waits until `check`, an expression of the room's state `s`, holds in the page's mirror. The
// function is made here and sent whole: the page's CSP rightly forbids building code from a
// string there.
async function waitForState(page, room, check) {
  // eslint-disable-next-line no-new-func
  const holds = new Function('id', `const m = window.ringside && window.ringside.app.mirrors.get(id);
    const s = m && m.state;
    return !!s && (${check});`);
  await page.waitForFunction(holds, room);
}

test('takeback asked and accepted, a draw declined, a rematch agreed: all by buttons', async () => {
  const desktop = { viewport: { width: 1280, height: 900 } };
  const alice = await openPage(browser, server, desktop);
  const bob = await openPage(browser, server, desktop);
  await arrive(alice, server, 'alice');
  const room = await createRoom(alice.page, { game: 'zertz', variant: 'blitz', board: 37, seat: 'first' });
  await arrive(bob, server, 'bob');
  await (await lobbyRow(bob.page, room)).getByRole('button', { name: 'Join', exact: true }).click();
  await bob.page.locator(`[data-room="${room}"]`).waitFor();
  await waitForState(alice.page, room, "s.status === 'playing'");

  // Before her first move alice has nothing to take back.
  const takeback = alice.page.getByRole('button', { name: 'Takeback', exact: true });
  assert.equal(await takeback.isDisabled(), true);
  await request(alice.page, await placement(alice.page, room, 'W'));
  await waitForState(bob.page, room, 's.ply === 1');
  await takeback.click();
  await alice.page.getByRole('button', { name: 'Takeback asked' }).waitFor();
  await bob.page.getByRole('button', { name: 'Accept takeback' }).click();
  await waitForState(alice.page, room, 's.ply === 0 && s.takeback_offer === null');
  await waitForState(bob.page, room, 's.ply === 0');
  assert.deepEqual(await moveList(alice.page), []);
  assert.deepEqual(await moveList(bob.page), []);
  assert.match(await statusText(alice.page), /^Your move/);

  // A move after the takeback shows in the list, though it has as many moves as before.
  await request(alice.page, await placement(alice.page, room, 'G'));
  await waitForState(bob.page, room, 's.ply === 1');
  await bob.page.waitForFunction(() => /^G/.test(document.querySelector('ol[aria-label="History"] li code')?.textContent || ''));

  // Bob offers a draw; alice declines with the button beside it, and bob is told.
  await bob.page.getByRole('button', { name: 'Offer draw' }).click();
  await alice.page.getByRole('button', { name: 'Decline', exact: true }).click();
  await waitForState(bob.page, room, 's.draw_offer === null');
  await bob.page.getByText('alice declined the draw.').waitFor();

  // Bob resigns (twice: the button asks to confirm); alice offers a rematch, bob accepts.
  await bob.page.getByRole('button', { name: 'Resign' }).click();
  await bob.page.getByRole('button', { name: 'Confirm resign' }).click();
  await waitForState(alice.page, room, "s.status === 'finished'");
  await alice.page.getByRole('button', { name: 'Rematch', exact: true }).click();
  await bob.page.getByRole('button', { name: 'Accept rematch' }).click();
  await waitForState(alice.page, room, 's.rematch !== null');
  const next = (await mirror(alice.page, room)).state.rematch;
  for (const person of [alice, bob]) {
    await person.page.waitForFunction((id) => location.hash === `#/room/${id}`, next);
    await person.page.locator(`[data-room="${next}"]`).waitFor();
  }
  const there = await mirror(alice.page, next);
  assert.equal(there.seat, 2, 'alice plays second in the rematch');
  assert.equal(there.state.players[0].name, 'bob');
  assert.equal(there.state.status, 'playing');
  assert.match(await statusText(bob.page), /^Your move/);
});
