// The page's room mirror on its own (no browser, no server): patches applied strictly in
// version order, a gap reported (so the page asks for `sync`), only newer snapshots adopted,
// the running clock counted from `clock_elapsed_ms`, and each move's seat as the server says
// it (`history_by`, appended beside `history`): the page knows no game's turn order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RoomMirror, isCorrespondence, rfc6902Ops } from '../../clients/web/public/js/room-mirror.js';
import { daysText } from '../../clients/web/public/js/dom.js';

function state(over = {}) {
  return {
    room: 'r1', game: 'zertz', status: 'playing', to_move: 1, ply: 0, history: [], history_by: [], spectators: 0,
    players: [{ name: 'a', online: true, clock_ms: 60000 }, { name: 'b', online: true, clock_ms: 60000 }],
    ...over,
  };
}

test('patches apply in order; a gap and an old patch are told apart', () => {
  const m = new RoomMirror('r1');
  m.adopt(5, state());
  assert.equal(m.applyPatch(5, []), 'old');
  assert.equal(m.applyPatch(7, [{ op: 'replace', path: '/ply', value: 9 }]), 'gap');
  assert.equal(m.state.ply, 0, 'a gap changes nothing');
  assert.equal(m.applyPatch(6, [
    { op: 'add', path: '/history/-', value: 'Wd4-a1' }, { op: 'replace', path: '/ply', value: 1 },
    { op: 'replace', path: '/to_move', value: 2 }]), 'applied');
  assert.equal(m.version, 6);
  assert.deepEqual(m.state.history, ['Wd4-a1']);
  // A patch that does not fit the state (a path that is not there) is a gap too: resync.
  assert.equal(m.applyPatch(7, [{ op: 'replace', path: '/nothing/here', value: 1 }]), 'gap');
});

test('compact ops (hello\'s compact) apply as their RFC 6902 objects would; a bad one is a gap', () => {
  const objects = [{ op: 'replace', path: '/ply', value: 1 }, { op: 'remove', path: '/spectators' },
    { op: 'add', path: '/history/-', value: 'Wa1-a2' }];
  const compact = [['=', '/ply', 1], ['-', '/spectators'], ['+', '/history/-', 'Wa1-a2']];
  assert.deepEqual(rfc6902Ops(compact), objects);
  assert.deepEqual(rfc6902Ops([compact[0], objects[1], compact[2]]), objects);
  assert.equal(rfc6902Ops(objects), objects, 'objects pass through as they are');
  const a = new RoomMirror('r1');
  const b = new RoomMirror('r1');
  a.adopt(5, state());
  b.adopt(5, state());
  assert.equal(a.applyPatch(6, objects), 'applied');
  assert.equal(b.applyPatch(6, compact), 'applied');
  assert.deepEqual(b.state, a.state);
  for (const bad of [[['*', '/ply', 2]], [['=', '/ply']], [['-', '/ply', 2]], [[1, '/ply', 2]]]) {
    assert.equal(b.applyPatch(7, bad), 'gap', JSON.stringify(bad));
    assert.equal(b.state.ply, 1);
  }
});

test('only a snapshot newer than the mirror is adopted', () => {
  const m = new RoomMirror('r1');
  m.adopt(10, state({ ply: 4 }));
  assert.equal(m.adopt(9, state({ ply: 3 })), false);
  assert.equal(m.state.ply, 4);
  assert.equal(m.adopt(12, state({ ply: 6 })), true);
  assert.equal(m.version, 12);
});

test('the running clock counts down from clock_ms minus clock_elapsed_ms; the other stands', async () => {
  const m = new RoomMirror('r1');
  m.adopt(3, state(), 20000);
  const first = m.clockMs(1);
  assert.ok(first <= 40000 && first > 39000, `${first}`);
  assert.equal(m.clockMs(2), 60000);
  await new Promise((r) => setTimeout(r, 60));
  assert.ok(m.clockMs(1) <= first - 50, 'it runs');
  // A spectator count changing is not a new turn: the clock keeps running from where it was.
  m.applyPatch(4, [{ op: 'replace', path: '/spectators', value: 1 }]);
  assert.ok(m.clockMs(1) < first - 50);
  // A move starts the other side's turn from its own clock_ms.
  m.applyPatch(5, [{ op: 'replace', path: '/to_move', value: 2 }, { op: 'replace', path: '/ply', value: 1 },
    { op: 'replace', path: '/players/0/clock_ms', value: 39000 }]);
  assert.equal(m.clockMs(1), 39000);
  assert.ok(m.clockMs(2) <= 60000 && m.clockMs(2) > 59000);
  const untimed = new RoomMirror('r2');
  untimed.adopt(1, state({ players: [{ name: 'a', clock_ms: null }, null] }));
  assert.equal(untimed.clockMs(1), null);
  assert.equal(untimed.clockMs(2), null);
});

test('each move keeps the seat the server says made it, even when a seat moves twice', () => {
  const m = new RoomMirror('r3');
  m.adopt(1, state({ game: 'dvonn', history: ['c3'], history_by: [1], ply: 1, to_move: 1 }));
  // DVONN: player 1 places the 49th piece and makes the first stack move; the patch says so.
  assert.equal(m.applyPatch(2, [
    { op: 'add', path: '/history/-', value: 'c3e3' }, { op: 'add', path: '/history_by/-', value: 1 },
    { op: 'add', path: '/history/-', value: 'pass' }, { op: 'add', path: '/history_by/-', value: 2 },
    { op: 'replace', path: '/ply', value: 3 },
  ]), 'applied');
  assert.deepEqual(m.state.history, ['c3', 'c3e3', 'pass']);
  assert.deepEqual(m.state.history_by, [1, 1, 2]);
});

test('a clock not yet started stands still; a correspondence clock counts to its deadline', () => {
  const m = new RoomMirror('r1');
  m.adopt(1, state({ players: [
    { name: 'a', online: true, clock_ms: 60000, clock_started: false },
    { name: 'b', online: true, clock_ms: 60000, clock_started: false }] }));
  m.turnStartedAt -= 5000;  // five seconds pass before the first move
  assert.equal(m.clockMs(1), 60000, 'the first move is free: nothing counts down');
  const day = 86400000;
  const c = new RoomMirror('r2');
  c.adopt(1, state({ players: [
    { name: 'a', online: true, clock_ms: 3 * day, clock_started: true,
      deadline: new Date(Date.now() + 2 * day).toISOString() },
    { name: 'b', online: true, clock_ms: 3 * day, clock_started: true }] }));
  const left = c.clockMs(1);
  assert.ok(left <= 2 * day && left > 2 * day - 5000, `counted from the deadline: ${left}`);
  assert.equal(c.clockMs(2), 3 * day);
  assert.ok(isCorrespondence(c.state));
  assert.ok(!isCorrespondence(m.state));
  assert.equal(daysText(2 * day + 4 * 3600000 + 1000), '2 d 4 h');
  assert.equal(daysText(5 * 3600000 + 12 * 60000), '5 h 12 min');
});
