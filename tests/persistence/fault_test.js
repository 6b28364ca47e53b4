#!/usr/bin/env node
// Fault test: N games in progress on a real ringside-server, the server SIGKILLed K times at
// seeded random points and restarted on the same --data directory, the clients reconnecting
// with their tokens. At the end: every acked move is in its game's history, in order; every
// game reached its end; each journal replays through the engine (a last restart serves every
// record, which the server only does after replaying the stored moves); every client's
// patched state equals a fresh snapshot.
// Usage: node fault_test.js --server-bin PATH [--games 6] [--kills 5] [--seed 1]
'use strict';
const path = require('path');
module.paths.push(path.join(__dirname, '..', 'external', 'node_modules'));
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const http = require('http');
const WebSocket = require('ws');
const jsonpatch = require('fast-json-patch');

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : dflt;
};
const serverBin = opt('--server-bin', null);
if (!serverBin) {
  console.error('usage: node fault_test.js --server-bin PATH [--games N] [--kills K] [--seed S]');
  process.exit(2);
}
const games = Number(opt('--games', 6));
const kills = Number(opt('--kills', 5));
let seed = Number(opt('--seed', 1));
// mulberry32: a seeded generator, so a failing run can be repeated exactly.
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ringside-fault-'));
let server = null;
let port = 0;
let portWaiters = [];
// On a timeout, where each game was (progress) says what it waited for.
const deadline = setTimeout(
  () => fail(new Error(`timed out after 55 s; games: ${JSON.stringify(progress)}`)), 55000);

function fail(err) {
  console.error('FAIL:', err && err.stack ? err.stack : err);
  if (server) server.kill('SIGKILL');
  process.exit(1);
}
function check(cond, what) {
  if (!cond) fail(new Error(what));
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function startServer() {
  return new Promise((resolve, reject) => {
    server = spawn(serverBin, ['--port', '0', '--host', '127.0.0.1', '--threads', '2',
                               '--log-level', process.env.FAULT_LOG || 'warn', '--rate-limit', '100000', '--address-rate-limit', '0', '--data', dataDir],
                   { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const m = out.match(/listening on [0-9.]+:(\d+)\n/);
      if (m && !port) {
        port = Number(m[1]);
        portWaiters.splice(0).forEach((w) => w(port));
        resolve(port);
      }
    });
    server.on('exit', (code, sig) => { if (!port) reject(new Error(`server exited (${code} ${sig})`)); });
  });
}
function currentPort() {
  return port ? Promise.resolve(port) : new Promise((r) => portWaiters.push(r));
}
async function killAndRestart() {
  const dead = new Promise((r) => server.once('exit', r));
  port = 0;
  server.kill('SIGKILL');
  await dead;
  await startServer();
}

// One seat's connection; survives server restarts by reconnecting with its token.
class seat {
  constructor(name) {
    this.name = name;
    this.token = null;
    this.state = null;
    this.version = -1;
    this.inbox = [];
    this.waiters = [];
    this.ws = null;
    this.reconnects = 0;
  }
  async connect() {
    for (;;) {
      const p = await currentPort();
      const ok = await new Promise((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${p}/ws`);
        // Whatever the old connection left unread is stale now.
        ws.on('open', () => { this.ws = ws; this.inbox = []; resolve(true); });
        ws.on('error', () => resolve(false));
        ws.on('close', () => { if (this.ws === ws) { this.ws = null; this.push({ type: 'closed' }); } });
        ws.on('message', (data) => this.onMessage(JSON.parse(data.toString())));
      });
      if (!ok) { await sleep(50); continue; }
      const hello = { type: 'hello', name: this.name };
      if (this.token) hello.token = this.token;
      this.send(hello);
      const w = await this.next((m) => ['welcome', 'error', 'closed'].includes(m.type));
      if (w.type === 'closed') continue;
      check(w.type === 'welcome', `${this.name}: hello answered ${JSON.stringify(w)}`);
      this.token = w.token;
      return;
    }
  }
  send(msg) {
    if (this.ws) this.ws.send(JSON.stringify(msg));
    else this.push({ type: 'closed' });  // lost: whoever waits for the answer must reconnect
  }
  push(msg) { this.inbox.push(msg); this.waiters.splice(0).forEach((w) => w()); }
  onMessage(msg) {
    if (msg.type === 'joined' || msg.type === 'snapshot') {
      this.state = msg.state;
      this.version = msg.version;
    } else if (msg.type === 'patch') {
      if (msg.version !== this.version + 1) {
        this.send({ type: 'sync', room: msg.room });  // a gap: start again from a snapshot
      } else {
        this.state = jsonpatch.applyPatch(this.state, msg.ops, true, false).newDocument;
        this.version = msg.version;
      }
    }
    this.push(msg);
  }
  async next(pred) {
    for (;;) {
      const i = this.inbox.findIndex(pred);
      if (i >= 0) return this.inbox.splice(0, i + 1)[i];
      await new Promise((resolve) => this.waiters.push(resolve));
    }
  }
}

function chooseMove(state) {
  if (state.must_capture) {
    const chain = state.captures.reduce((a, b) => (b.length > a.length ? b : a));
    return state.rings[chain[0]] + chain.join('x');
  }
  const me = state.to_move - 1;
  const source = Object.values(state.pool).some((n) => n > 0) ? state.pool : state.captured[me];
  const colours = ['W', 'G', 'B'].filter((c) => source[c] > 0);
  const colour = colours[Math.floor(random() * colours.length)];
  const vacant = Object.keys(state.rings).filter((c) => state.rings[c] === '');
  const target = vacant[Math.floor(random() * vacant.length)];
  const removal = state.removable.find((c) => c !== target);
  return removal ? `${colour}${target}-${removal}` : `${colour}${target}`;
}

const progress = {};
if (process.env.FAULT_DEBUG) setInterval(() => console.error(JSON.stringify(progress)), 2000).unref();
const stats = { acked: 0, stale: 0, reconnects: 0, killsInProgress: [] };

// Plays one game to its end through kills; returns what the clients saw.
async function playGame(i, ready) {
  const s = [new seat(`a${i}`), new seat(`b${i}`)];
  for (const c of s) await c.connect();
  s[0].send({ type: 'create_room', game: 'zertz', variant: 'tournament', seat: 'first' });
  const created = await s[0].next((m) => m.type === 'joined');
  const room = created.room;
  s[1].send({ type: 'join', room, as: 'player' });
  await s[1].next((m) => m.type === 'joined');
  await ready();
  const acked = [];
  progress[i] = 'start';
  for (let n = 0; n < 400; ++n) {
    progress[i] = `move ${n} v${s[0].version}/${s[1].version} ${s[0].state.status}`;
    const mover = s[s[1].state.to_move - 1];
    if (s[1].state.status === 'finished' || mover.state.status === 'finished') break;
    await sleep(20 + random() * 60);
    const move = chooseMove(mover.state);
    const version = mover.version;
    mover.send({ type: 'move', room, move, version, id: n });
    const r = await mover.next((m) => (m.re === n && ['ack', 'error'].includes(m.type)) || m.type === 'closed');
    if (r.type === 'ack') {
      acked.push({ version: r.version, move });
      stats.acked += 1;
      await mover.next((m) => (m.type === 'patch' && m.version === r.version) || m.type === 'closed');
    } else if (r.type === 'error') {
      check(r.code === 'stale_version', `game ${i}: move ${move} at ${version}: ${JSON.stringify(r)}`);
      stats.stale += 1;
      await mover.next((m) => m.type === 'snapshot' || m.type === 'closed');
    }
    // The server went away: both seats come back with their tokens and get their seats.
    progress[i] += ' reconnect';
    for (const c of s) {
      if (c.ws) continue;
      await c.connect();
      // The server gives a reconnecting player its seats in unfinished games by itself; a
      // game that ended in the move whose patch the kill swallowed is not one of them, so
      // ask for the room (a second `joined` for a restored seat is harmless).
      c.send({ type: 'join', room, as: 'player' });
      const j = await c.next((m) => m.type === 'joined' || m.type === 'closed');
      if (j.type === 'closed') { c.ws = null; }
      stats.reconnects += 1;
    }
    if (!s[0].ws || !s[1].ws) continue;
    progress[i] += ' sync';
    // Catch up: both seats on the same version before the next move is chosen.
    for (const c of s) { c.send({ type: 'sync', room }); await c.next((m) => m.type === 'snapshot' || m.type === 'closed'); }
  }
  progress[i] = 'done';
  return { room, s, acked };
}

function httpGet(target) {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: target }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode, body }));
    }).on('error', reject);
  });
}

async function main() {
  await startServer();
  let readyCount = 0;
  let release;
  const allReady = new Promise((r) => { release = r; });
  const ready = () => { if (++readyCount === games) release(); return allReady; };
  const running = [];
  for (let i = 0; i < games; ++i) running.push(playGame(i, ready));
  await allReady;
  let finished = 0;
  running.forEach((p) => p.then(() => { finished += 1; }));
  // Seeded kill points: 0.25 to 1 s apart, while games are in progress.
  const killLog = [];
  for (let k = 0; k < kills; ++k) {
    await sleep(250 + random() * 750);
    if (finished === games) break;
    const t0 = Date.now();
    killLog.push({ at_acked: stats.acked, games_in_progress: games - finished });
    await killAndRestart();
    killLog[killLog.length - 1].restart_ms = Date.now() - t0;
  }
  const results = await Promise.all(running);

  // Every acked move is in the final history, in order (passes and moves whose ack the crash
  // swallowed may sit between them).
  for (const { room, s, acked } of results) {
    for (const c of s) {
      // A game that finished before a later kill is read back from the journal on demand.
      if (!c.ws) await c.connect();
      c.send({ type: 'sync', room });
      const snap = await c.next((m) => ['snapshot', 'error', 'closed'].includes(m.type));
      check(snap.type === 'snapshot', `${room}: final sync: ${JSON.stringify(snap)}`);
    }
    const st = s[0].state;
    check(st.status === 'finished', `${room}: not finished (${st.status})`);
    // The game must agree; who is online may not yet (one seat's sync can come before the
    // other seat's reconnection reaches the room).
    const game = (state) => JSON.stringify({ ...state, players: state.players.map(({ online, ...p }) => p) });
    check(game(s[0].state) === game(s[1].state), `${room}: seats disagree`);
    let h = 0;
    for (const a of acked) {
      while (h < st.history.length && st.history[h] !== a.move) h += 1;
      check(h < st.history.length, `${room}: acked move ${a.move} (version ${a.version}) missing`);
      h += 1;
    }
    for (const c of s) c.ws && c.ws.close();
  }
  // A last restart: finished games are read back from the journal by replaying every stored
  // move through the engine; a corrupt journal would give no record.
  await killAndRestart();
  let movesInRecords = 0;
  for (const { room, s } of results) {
    const rec = await httpGet(`/api/rooms/${room}/record`);
    check(rec.status === 200, `${room}: record after restart: ${rec.status}`);
    for (const m of s[0].state.history) {
      check(rec.body.includes(m), `${room}: record lacks ${m}`);
    }
    movesInRecords += s[0].state.history.length;
  }
  clearTimeout(deadline);
  server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`ok: ${games} games, ${killLog.length} SIGKILLs (seeded), ${stats.acked} acked moves ` +
              `all present in order, ${movesInRecords} history entries in ${games} records replayed ` +
              `after a final restart, ${stats.stale} stale resends, ${stats.reconnects} reconnects`);
  for (const k of killLog) console.log(`  kill: ${JSON.stringify(k)}`);
}
main().catch(fail);
