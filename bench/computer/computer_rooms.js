#!/usr/bin/env node
// Keeps computers thinking on a running server, for measuring what that costs the human games
// around them: opens ROOMS rooms against the computer at LEVEL (DVONN, whose state lists the
// legal moves), answers every computer move at once, and opens a new room when a game ends.
// Stops by itself after SECONDS. Prints how many computer moves arrived and their mean wait.
// Usage: NODE_PATH=tests/external/node_modules node bench/computer/computer_rooms.js \
//          --port 8080 [--rooms 4] [--level 5] [--seconds 60]
'use strict';
const WebSocket = require('ws');
const jsonpatch = require('fast-json-patch');

function arg(name, fallback) {
  const i = process.argv.indexOf('--' + name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const port = arg('port', 8080);
const rooms = arg('rooms', 4);
const level = arg('level', 5);
const seconds = arg('seconds', 60);
const end = Date.now() + seconds * 1000;
let computerMoves = 0;
let waitedMs = 0;
let games = 0;

function player(index) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  let state = null;
  let version = 0;
  let seat = 0;
  let room = null;
  let asked = 0;
  const create = () => ws.send(JSON.stringify({
    type: 'create_room', game: 'dvonn', variant: 'standard', seat: index % 2 ? 'second' : 'first',
    opponent: { computer: level } }));
  const act = () => {
    if (Date.now() > end) return ws.close();
    if (state.status === 'finished') { ++games; return create(); }
    if (state.to_move !== seat) { asked = Date.now(); return; }
    const legal = state.legal;
    ws.send(JSON.stringify({ type: 'move', room, version,
      move: legal[(state.ply * 7919 + index) % legal.length] }));
  };
  ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', name: `bench${index}` })));
  ws.on('message', (data) => {
    const m = JSON.parse(data);
    if (m.type === 'welcome') return create();
    if (m.type === 'joined') {
      ({ room, seat, version, state } = m);
      return act();
    }
    if (m.type === 'patch' && m.room === room) {
      state = jsonpatch.applyPatch(state, m.ops, true, false).newDocument;
      version = m.version;
      if (state.last_move && state.last_move.by !== seat && asked) {
        ++computerMoves;
        waitedMs += Date.now() - asked;
        asked = 0;
      }
      return act();
    }
    if (m.type === 'snapshot' && m.room === room) {
      ({ version, state } = m);
      return act();
    }
    if (m.type === 'error') console.error('error', JSON.stringify(m));
  });
  ws.on('error', (e) => console.error('connection', index, e.message));
}

for (let i = 0; i < rooms; ++i) player(i);
setTimeout(() => {
  console.log(`rooms=${rooms} level=${level} games_finished=${games} computer_moves=${computerMoves}` +
              ` mean_wait_ms=${computerMoves ? Math.round(waitedMs / computerMoves) : 0}`);
  process.exit(0);
}, seconds * 1000 + 2000);
