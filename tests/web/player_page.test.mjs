// Players' pages: alice and bob play two short games in the browser (bob resigns one, alice
// the other); each name in the room opens that player's page, which lists both games, newest
// first, with the right result from that player's side, and opens a game's room on a click.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, stopAll } from './harness.mjs';
import { arrive, createRoom, lobbyRow, statusText, checkGuard } from './support/page-driver.mjs';
import { screenshot } from './support/screenshots.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(stopAll);

// alice creates a room, bob joins it from the lobby, `loser` resigns; the room id.
async function playAndResign(alice, bob, loser, game) {
  await alice.page.goto(`${server.url}#/`);
  const room = await createRoom(alice.page, { game, seat: 'first' });
  await bob.page.goto(`${server.url}#/`);
  await (await lobbyRow(bob.page, room)).getByRole('button', { name: 'Join', exact: true }).click();
  await bob.page.locator(`[data-room="${room}"]`).waitFor();
  await alice.page.getByRole('status').filter({ hasText: /move/ }).waitFor();
  await loser.page.getByRole('button', { name: 'Resign' }).click();
  await loser.page.getByRole('button', { name: 'Confirm resign' }).click();
  for (const p of [alice, bob]) await p.page.getByRole('status').filter({ hasText: /^Game over/ }).waitFor();
  return room;
}

// The results the page lists, newest first, as [room, result, opponent].
async function listed(page) {
  const rows = page.getByTestId('player-games').locator('li[data-game-room]');
  return rows.evaluateAll((lis) => lis.map((li) => [li.dataset.gameRoom, li.dataset.result,
    li.querySelector('.g-opponent').textContent]));
}

test("a player's page lists their games with results, reached from a name in the room", async () => {
  const desktop = { viewport: { width: 1280, height: 900 } };
  const alice = await openPage(browser, server, desktop);
  const bob = await openPage(browser, server, desktop);
  await arrive(alice, server, 'alice');
  await arrive(bob, server, 'bob');

  const first = await playAndResign(alice, bob, bob, 'zertz');
  const second = await playAndResign(alice, bob, alice, 'dvonn');

  // In the room, bob's name (on alice's page) opens bob's page.
  await alice.page.locator('[data-seat="2"]').getByRole('link', { name: 'bob' }).click();
  await alice.page.getByTestId('player-name').filter({ hasText: 'bob' }).waitFor();
  await alice.page.getByTestId('player-games').locator('li[data-game-room]').nth(1).waitFor();
  assert.deepEqual(await listed(alice.page), [[second, 'win', 'vs alice'], [first, 'loss', 'vs alice']]);
  assert.match(await alice.page.getByTestId('player-counts').textContent(), /2 games · 1 won · 1 lost · 0 drawn/);

  // Bob opens alice's page from her seat in the room.
  await bob.page.locator('[data-seat="1"]').getByRole('link', { name: 'alice' }).click();
  await bob.page.getByTestId('player-name').filter({ hasText: 'alice' }).waitFor();
  await bob.page.getByTestId('player-games').locator('li[data-game-room]').nth(1).waitFor();
  assert.deepEqual(await listed(bob.page), [[second, 'loss', 'vs bob'], [first, 'win', 'vs bob']]);
  assert.equal(await bob.page.getByTestId('player-ratings').textContent(), 'No rated games yet.');
  await screenshot(bob.page, 'player');

  // A listed game opens its finished room.
  await bob.page.locator(`li[data-game-room="${first}"] a`).click();
  await bob.page.locator(`[data-room="${first}"]`).waitFor();
  assert.match(await statusText(bob.page), /^Game over/);

  for (const p of [alice, bob]) checkGuard(p);

  // A name nobody played under says so (on a page of its own: its guard counts the 404).
  const carol = await openPage(browser, server, desktop);
  await arrive(carol, server, 'carol', '#/player/nobody-here');
  await carol.page.getByRole('alert').filter({ hasText: /nobody has played here/ }).waitFor();
});

test('ratings are drawn as a graph by the page, from the answer it is given', async () => {
  // No rated games exist yet on the server: the answer is given by the test, same-origin.
  const dana = await openPage(browser, server, { viewport: { width: 1280, height: 900 } });
  await dana.page.route('**/api/players/dana?limit=20', (route) => route.fulfill({
    contentType: 'application/json',
    body: JSON.stringify({
      name: 'dana', guest: false, counts: { wins: 4, losses: 2, draws: 1 }, games: [], next: null,
      ratings: [{ category: 'zertz-standard-rapid', rating: 1562.4, deviation: 71, provisional: false, games: 7,
        history: [{ at_ms: 1764000000000, rating: 1500 }, { at_ms: 1764050000000, rating: 1530 },
          { at_ms: 1764100000000, rating: 1511 }, { at_ms: 1764150000000, rating: 1562.4 }] }],
    }),
  }));
  await arrive(dana, server, 'dana', '#/player/dana');
  const graph = dana.page.getByTestId('rating-graph');
  await graph.waitFor();
  assert.equal(await graph.locator('circle').count(), 4, 'one point per entry of the history');
  assert.match(await graph.locator('path').getAttribute('d'), /^M[\d.]+,[\d.]+( L[\d.]+,[\d.]+){3}$/);
  assert.match(await dana.page.locator('[data-category="zertz-standard-rapid"]').textContent(), /1562 ±71 · 7 games/);
  assert.equal(await dana.page.locator('.guest-tag').count(), 0);
  assert.match(await dana.page.locator('.player-summary').textContent(), /^7 games/, 'nothing before the counts');
  checkGuard(dana);
});
