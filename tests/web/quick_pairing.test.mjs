// Quick pairing in two browsers: one click each on the same common game pairs them into one
// room, both pages go there, one seat each; a seek waits with "Waiting for an opponent…" and
// its Cancel withdraws it; a waiting room of one's own is cancelled from the lobby.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, stopAll } from './harness.mjs';
import { arrive, checkGuard, createRoom, mirror } from './support/page-driver.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(stopAll);

// The room id of the page's #/room/ID, once it gets there.
async function roomOf(page) {
  await page.waitForFunction(() => /^#\/room\//.test(location.hash));
  return page.evaluate(() => location.hash.slice('#/room/'.length));
}

test('one click each on ZÈRTZ blitz 5+3 pairs two pages into one room', async () => {
  const alice = await openPage(browser, server);
  const bob = await openPage(browser, server);
  await arrive(alice, server, 'alice');
  await arrive(bob, server, 'bob');

  await alice.page.getByRole('button', { name: 'ZÈRTZ blitz 5+3' }).click();
  await alice.page.getByText('Waiting for an opponent…').waitFor();
  // Bob's lobby lists the open seek (its refresh runs every two seconds).
  await bob.page.locator('.open-seeks li', { hasText: 'alice' }).waitFor();
  await bob.page.getByRole('button', { name: 'ZÈRTZ blitz 5+3' }).click();

  const [roomA, roomB] = await Promise.all([roomOf(alice.page), roomOf(bob.page)]);
  assert.equal(roomA, roomB);
  await alice.page.waitForFunction((id) => {
    const m = window.ringside.app.mirrors.get(id);
    return m && m.state && m.state.status === 'playing';
  }, roomA);
  const [a, b] = await Promise.all([mirror(alice.page, roomA), mirror(bob.page, roomB)]);
  assert.deepEqual([a.seat, b.seat].sort(), [1, 2]);
  assert.equal(a.state.status, 'playing');
  checkGuard(alice);
  checkGuard(bob);
});

test('a seek waits until cancelled; a waiting room of one\'s own is cancelled from the lobby', async () => {
  const carol = await openPage(browser, server);
  await arrive(carol, server, 'carol');
  await carol.page.getByRole('button', { name: 'DVONN 15+10' }).click();
  const waiting = carol.page.getByText('Waiting for an opponent…');
  await waiting.waitFor();
  await carol.page.locator('.quick-status').getByRole('button', { name: 'Cancel' }).click();
  await waiting.waitFor({ state: 'detached' });
  const seeks = await carol.page.evaluate(() => window.ringside.conn.request({ type: 'list_seeks' }));
  assert.equal(seeks.seeks.filter((s) => s.name === 'carol').length, 0);

  const room = await createRoom(carol.page, { game: 'zertz', variant: 'blitz' });
  await carol.page.evaluate(() => { location.hash = '#/'; });
  const cancel = carol.page.locator(`[data-cancel-room="${room}"]`);
  await cancel.click();
  await carol.page.waitForFunction((id) => {
    const m = window.ringside.app.mirrors.get(id);
    return m && m.state && m.state.status === 'finished' && m.state.result.reason === 'cancelled';
  }, room);
  await cancel.waitFor({ state: 'detached' });
  checkGuard(carol);
});
