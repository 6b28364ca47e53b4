// A rated game between two accounts, end to end in the browser: alice and bob register, alice
// makes a rated room, bob joins and resigns; both rooms show each rating and its change, and
// each player's page shows the new rating (its graph from 1500 to it) and the game with its
// result and change, seen from that player's side.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, stopAll } from './harness.mjs';
import { arrive, createRoom, lobbyRow, mirror, checkGuard } from './support/page-driver.mjs';
import { screenshot } from './support/screenshots.mjs';

let server;
let browser;

before(async () => {
  // Cheap password hashes (libsodium's MIN cost): ratings are tested, not the hash.
  server = await startServer({ args: ['--password-opslimit', '1', '--password-memlimit', '8192'] });
  browser = await launchBrowser();
});
after(stopAll);

async function register(page, name) {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByLabel('Account', { exact: true }).fill(name);
  await page.getByLabel('Password').fill(`${name}'s password`);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.locator('#who:not(.guest)').waitFor();
}

// The player's page: their rating in the one category, and their one listed game.
async function playerPage(page, name) {
  await page.goto(`${server.url}#/player/${name}`);
  await page.getByTestId('player-name').filter({ hasText: name }).waitFor();
  const game = page.getByTestId('player-games').locator('li[data-game-room]').first();
  await game.waitFor();
  const rating = page.locator('[data-category]').first();
  await rating.waitFor();
  return {
    category: await rating.getAttribute('data-category'),
    rating: (await rating.locator('.rating-value').textContent()).trim(),
    points: await page.getByTestId('rating-graph').locator('circle').count(),
    room: await game.getAttribute('data-game-room'),
    result: await game.getAttribute('data-result'),
    change: (await game.locator('.g-change').textContent()).trim(),
  };
}

test('a rated game between two accounts changes both ratings, shown in the room and on both pages', async () => {
  const desktop = { viewport: { width: 1280, height: 900 } };
  const alice = await openPage(browser, server, desktop);
  const bob = await openPage(browser, server, desktop);
  await arrive(alice, server, 'alice');
  await arrive(bob, server, 'bob');
  await register(alice.page, 'alice');
  await register(bob.page, 'bob');

  const room = await createRoom(alice.page, { game: 'zertz', variant: 'standard', clock: '10+5', seat: 'first', rated: true });
  await bob.page.goto(`${server.url}#/`);
  await (await lobbyRow(bob.page, room)).getByRole('button', { name: 'Join', exact: true }).click();
  await bob.page.locator(`[data-room="${room}"]`).waitFor();
  await alice.page.getByRole('status').filter({ hasText: /move/ }).waitFor();
  // Before the end each seat shows a provisional rating (a new account's deviation is 500).
  await alice.page.locator('[data-seat="2"] .rating').filter({ hasText: '1500?' }).waitFor();

  await bob.page.getByRole('button', { name: 'Resign' }).click();
  await bob.page.getByRole('button', { name: 'Confirm resign' }).click();
  for (const p of [alice, bob]) {
    await p.page.locator('[data-seat="1"] .rating').filter({ hasText: /\(\+\d+\)/ }).waitFor();
  }
  const st = (await mirror(alice.page, room)).state;
  assert.equal(st.rated, true);
  assert.equal(st.result.winner, 1);
  const [a, b] = st.players;
  assert.ok(a.rating_change > 0 && b.rating_change < 0, `changes ${a.rating_change} / ${b.rating_change}`);
  assert.equal(a.rating_change, -b.rating_change, 'two new players move by the same amount');
  assert.equal(a.rating - a.rating_change, 1500);
  assert.match(await bob.page.locator('[data-seat="2"] .rating').textContent(), new RegExp(`${b.rating}\\?? \\(−${-b.rating_change}\\)`));

  const alicePage = await playerPage(alice.page, 'alice');
  assert.deepEqual(alicePage, {
    category: 'zertz/standard/rapid', rating: `${a.rating}?`, points: 2, room, result: 'win', change: `+${a.rating_change}`,
  });
  await screenshot(alice.page, 'player-rated');
  const bobPage = await playerPage(bob.page, 'bob');
  assert.deepEqual(bobPage, {
    category: 'zertz/standard/rapid', rating: `${b.rating}?`, points: 2, room, result: 'loss', change: `${b.rating_change}`,
  });
  assert.match(await bob.page.getByTestId('player-counts').textContent(), /^1 game · 0 won · 1 lost · 0 drawn$/);
  for (const p of [alice, bob]) checkGuard(p);
});
