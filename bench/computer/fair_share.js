#!/usr/bin/env node
// Two roles for measuring how fairly a server shares its computer players (fair_share.sh).
//
//   --role attacker: IDENTITIES identities, each asking for ROOMS rooms against the computer at
//     LEVEL (DVONN, the computer moving first), answering every computer move at once and
//     opening a new room when a game ends, so the computer always has their searches to run.
//     Runs for SECONDS. Prints how many rooms were made and refused.
//   --role player: one person playing the computer at LEVEL for MOVES of the computer's moves;
//     prints each wait (from the person's move, or the room's creation, to the computer's move)
//     as JSON: {"level":1,"waits_ms":[...]}.
//
// --from ADDRESS sends X-Forwarded-For: ADDRESS (a server started with --trust-proxy
// 127.0.0.1 counts the client as that address).
// Usage: NODE_PATH=tests/external/node_modules node bench/computer/fair_share.js --port P \
//          --role attacker|player [--level 5] [--identities 4] [--rooms 2] [--seconds 60] \
//          [--moves 20] [--from 10.9.9.9]
'use strict';
const WebSocket = require('ws');
const jsonpatch = require('fast-json-patch');

function arg(name, fallback) {
  const i = process.argv.indexOf('--' + name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const port = Number(arg('port', 8080));
const role = arg('role', 'player');
const level = Number(arg('level', role === 'attacker' ? 5 : 1));
const identities = Number(arg('identities', 4));
const roomsEach = Number(arg('rooms', 2));
const seconds = Number(arg('seconds', 60));
const moves = Number(arg('moves', 20));
const from = arg('from', '');

function connect(name, onMessage) {
  const headers = from ? { 'X-Forwarded-For': from } : {};
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers });
  ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', name })));
  ws.on('message', (data) => onMessage(ws, JSON.parse(data)));
  ws.on('error', (e) => console.error(name, e.message));
  return ws;
}

const create = (ws) => ws.send(JSON.stringify({
  type: 'create_room', game: 'dvonn', variant: 'standard', seat: 'second',
  opponent: { computer: level } }));

// One room against the computer as a mirror of its state: `move(room)` is called whenever it
// is the person's turn.
function mirror() {
  const rooms = new Map();
  return {
    joined(m) { rooms.set(m.room, { state: m.state, version: m.version }); return rooms.get(m.room); },
    patch(m) {
      const r = rooms.get(m.room);
      if (!r) return null;
      r.state = jsonpatch.applyPatch(r.state, m.ops, true, false).newDocument;
      r.version = m.version;
      return r;
    },
    snapshot(m) {
      const r = rooms.get(m.room);
      if (!r) return null;
      r.state = m.state;
      r.version = m.version;
      return r;
    },
  };
}

function play(ws, room, r) {
  const legal = r.state.legal;
  ws.send(JSON.stringify({ type: 'move', room, version: r.version,
    move: legal[(r.state.ply * 7919) % legal.length] }));
}

if (role === 'attacker') {
  const end = Date.now() + seconds * 1000;
  let made = 0;
  let refused = 0;
  for (let i = 0; i < identities; ++i) {
    const rooms = mirror();
    const ws = connect(`attacker${i}`, (ws, m) => {
      if (m.type === 'welcome') { for (let n = 0; n < roomsEach; ++n) create(ws); return; }
      if (m.type === 'error') {
        if (m.code === 'too_many_rooms') ++refused;
        // A game ended and its place is free again a moment later: ask again.
        if (m.code === 'too_many_rooms' || m.code === 'computer_busy') setTimeout(() => create(ws), 500);
        return;
      }
      let r = null;
      if (m.type === 'joined') { ++made; r = rooms.joined(m); }
      if (m.type === 'patch') r = rooms.patch(m);
      if (m.type === 'snapshot') r = rooms.snapshot(m);
      if (!r) return;
      if (Date.now() > end) return ws.close();
      if (r.state.status === 'finished') return create(ws);
      if (r.state.status === 'playing' && r.state.to_move === 2) play(ws, m.room, r);
    });
    void ws;
  }
  setTimeout(() => {
    console.log(JSON.stringify({ role, level, identities, rooms: roomsEach, made, refused }));
    process.exit(0);
  }, seconds * 1000 + 1000);
} else {
  const waits = [];
  const rooms = mirror();
  let asked = 0;
  connect('player', (ws, m) => {
    if (m.type === 'welcome') { asked = Date.now(); return create(ws); }
    if (m.type === 'error') { console.error(JSON.stringify(m)); process.exit(1); }
    let r = null;
    if (m.type === 'joined') r = rooms.joined(m);
    if (m.type === 'patch') r = rooms.patch(m);
    if (m.type === 'snapshot') r = rooms.snapshot(m);
    if (!r || r.state.status !== 'playing' || r.state.to_move !== 2) {
      if (r && r.state.status === 'finished') { asked = Date.now(); create(ws); }
      return;
    }
    if (r.state.last_move && r.state.last_move.by === 1 && asked) {
      waits.push(Date.now() - asked);
      asked = 0;
    }
    if (waits.length >= moves) {
      console.log(JSON.stringify({ role, level, waits_ms: waits }));
      process.exit(0);
    }
    asked = Date.now();
    play(ws, m.room, r);
  });
}
