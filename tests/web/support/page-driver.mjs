// Driving the browser client through its automation contract (docs/web.md): the name dialog,
// the create form, lobby rows, board cells by `data-cell`, the status line by role. The room
// state a scenario chooses its moves from is the page's own mirror of what the server sent
// (`window.ringside.app`), read, never written.
import assert from 'node:assert/strict';

// The page's address for a server: the page always talks to the server it came from.
export function pageUrl(server, hash = '') {
  return `${server.url}${hash}`;
}

export function checkGuard(person) {
  person.guard.check();
}

// Opens the page and answers the first-visit name dialog.
export async function arrive(person, server, name, hash = '') {
  const { page } = person;
  await page.goto(pageUrl(server, hash));
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('.link-state.online').waitFor();
}

export async function createRoom(page, { game = 'zertz', variant, board, clock, seat, opponent, secret, rated } = {}) {
  await page.getByLabel('Game').selectOption(game);
  if (variant) await page.getByLabel('Variant').selectOption(variant);
  if (board) await page.getByLabel('Board').selectOption(String(board));
  if (clock) await page.getByLabel('Clock').selectOption(clock);
  if (seat) await page.getByLabel('Seat').selectOption(seat);
  if (opponent) await page.getByLabel('Opponent').selectOption(String(opponent));
  if (secret) await page.getByLabel('Private').check();
  if (rated) await page.getByLabel(/^Rated/).check();
  await page.getByRole('button', { name: 'Create' }).click();
  const room = page.locator('[data-room]');
  await room.waitFor();
  return (await room.textContent()).trim();
}

export async function lobbyRow(page, room) {
  const row = page.locator(`[data-room-row="${room}"]`);
  await row.waitFor();
  return row;
}

// The page's mirror of the room: { version, seat, state }.
export async function mirror(page, room) {
  return page.evaluate((id) => {
    const m = window.ringside && window.ringside.app.mirrors.get(id);
    return m && m.state ? { version: m.version, seat: m.seat, state: JSON.parse(JSON.stringify(m.state)) } : null;
  }, room);
}

// Waits until the page's move list shows `n` moves.
export async function waitForMoves(page, n) {
  await page.waitForFunction((count) => {
    const list = document.querySelector('ol[aria-label="History"]');
    return list && list.children.length >= count;
  }, n);
}

export async function moveList(page) {
  return page.locator('ol[aria-label="History"] li code').allTextContents();
}

export async function statusText(page) {
  return (await page.getByRole('status').textContent()).trim();
}

export async function clickCell(page, cell) {
  await page.locator(`[data-cell="${cell}"]`).click();
}

// Waits until the page's state is at ply `ply` (and so shows whose turn it is).
export async function waitForPly(page, room, ply) {
  await page.waitForFunction(([id, p]) => {
    const m = window.ringside && window.ringside.app.mirrors.get(id);
    return m && m.state && (m.state.ply >= p || m.state.status === 'finished');
  }, [room, ply]);
}

export function assertSameMoves(lists) {
  for (const l of lists.slice(1)) assert.deepEqual(l, lists[0]);
}
