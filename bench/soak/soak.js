#!/usr/bin/env node
// Soak test (not part of ctest): a real ringside-server with a journal under hundreds of
// WebSocket connections for a few minutes. Pairs of players join, play, drop (socket
// destroyed, no close handshake) and come back with their tokens, resign or play on; a few
// spectators come and go. The server's RSS and open file descriptors are sampled from /proc
// at baseline (after a warm-up), at the peak and at the end (all clients gone, a short
// settle). --rounds repeats the same load: a leak grows round after round, a cache or the
// allocator's retention plateaus. The verdict (exit 0 = PASS):
//   - fds at the end within 4 of the baseline;
//   - with one round, RSS back within max(8 MiB, 25% of the rise) of the baseline;
//   - with two rounds or more, RSS must plateau: the last round may add at most
//     max(1 MiB, 25% of what the first round added) (a leak adds the same every round);
//   - with --heap-stats (gdb attaches and calls glibc's malloc_stats() in the server), the
//     bytes the heap really has in use must plateau the same way; this tells a leak
//     (in-use grows) from memory glibc keeps mapped after free (only RSS grows).
// Besides the pairs, --visitors (default 1000) clients per round only say hello, list the rooms
// and leave: every one is a new identity, so memory kept per identity shows as growth. And
// --deserters (default 100) per round create a room and leave before anyone joins: memory kept
// per forsaken waiting room shows the same way.
// --game zertz (default), dvonn, or zertz,dvonn (pairs, visitors and deserters take turns):
// every room is of that game, so a leak in one game's rooms shows on its own.
// Usage: node bench/soak/soak.js --server-bin PATH [--pairs 200] [--seconds 180] [--rounds 1]
//        [--visitors 1000] [--deserters 100] [--seed 1] [--game zertz] [--heap-stats]
'use strict';
const path = require('path');
module.paths.push(path.join(__dirname, '..', '..', 'tests', 'external', 'node_modules'));
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const WebSocket = require('ws');

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : dflt;
};
const serverBin = opt('--server-bin', null);
if (!serverBin) {
  console.error('usage: node soak.js --server-bin PATH [--pairs N] [--seconds S] [--seed S]');
  process.exit(2);
}
const pairs = Number(opt('--pairs', 200));
const seconds = Number(opt('--seconds', 180));
const roundCount = Number(opt('--rounds', 1));
const heapStats = args.includes('--heap-stats');
const visitorCount = Number(opt('--visitors', 1000));
const deserterCount = Number(opt('--deserters', 100));
const games = opt('--game', 'zertz').split(',');
if (games.some((g) => g !== 'zertz' && g !== 'dvonn')) {
  console.error('--game: zertz, dvonn or zertz,dvonn');
  process.exit(2);
}
// The room the i-th pair (or visitor) creates: ZÈRTZ's quick variant, DVONN's only one.
function newRoom(i) {
  const game = games[i % games.length];
  return { type: 'create_room', game, variant: game === 'zertz' ? 'blitz' : 'standard', seat: 'first' };
}
let seed = Number(opt('--seed', 1));
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ringside-soak-'));
let server;
let port;

function fail(err) {
  console.error('FAIL:', err && err.stack ? err.stack : err);
  if (server) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

function sample() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const rss = Number(status.match(/VmRSS:\s+(\d+)/)[1]);
  const fds = fs.readdirSync(`/proc/${server.pid}/fd`).length;
  return { rss_kib: rss, fds };
}

// The server's stderr, passed through, except a malloc_stats() report, which is parsed.
let stderrText = '';
let statsWaiter = null;
function onServerStderr(chunk) {
  stderrText += chunk.toString();
  for (;;) {
    const start = stderrText.indexOf('Arena 0:');
    if (start < 0) {
      const cut = stderrText.lastIndexOf('\n') + 1;  // keep a partial line for the next chunk
      process.stderr.write(stderrText.slice(0, cut));
      stderrText = stderrText.slice(cut);
      return;
    }
    process.stderr.write(stderrText.slice(0, start));
    stderrText = stderrText.slice(start);
    const end = stderrText.match(/max mmap bytes\s*=\s*\d+\n/);
    if (!end) return;
    const report = stderrText.slice(0, end.index + end[0].length);
    stderrText = stderrText.slice(end.index + end[0].length);
    const total = report.slice(report.indexOf('Total'));
    const system = Number(total.match(/system bytes\s*=\s*(\d+)/)[1]);
    const inUse = Number(total.match(/in use bytes\s*=\s*(\d+)/)[1]);
    const arenas = (report.match(/Arena \d+:/g) || []).length;
    if (statsWaiter) statsWaiter({ heap_in_use_kib: Math.round(inUse / 1024),
                                   heap_system_kib: Math.round(system / 1024), arenas });
    statsWaiter = null;
  }
}

// glibc's own count of live heap bytes, read by gdb calling malloc_stats() in the server
// (the process is stopped for a second or two; nothing else is changed).
function heapSample() {
  if (!heapStats) return Promise.resolve({});
  return new Promise((resolve, reject) => {
    let gdbOut = '';
    const timer = setTimeout(() => reject(new Error(
      `no malloc_stats report from the server; gdb said:\n${gdbOut}`)), 120000);
    statsWaiter = (r) => { clearTimeout(timer); resolve(r); };
    // The executable through /proc: the file may have been rebuilt since the server started.
    const gdb = spawn('gdb', [`/proc/${server.pid}/exe`, '-p', String(server.pid), '-batch', '-nx',
                              '-ex', 'call ((void(*)(void))malloc_stats)()'],
                      { stdio: ['ignore', 'pipe', 'pipe'] });
    gdb.stdout.on('data', (d) => { gdbOut += d; });
    gdb.stderr.on('data', (d) => { gdbOut += d; });
    gdb.on('error', (e) => { clearTimeout(timer); reject(e); });
  });
}

async function fullSample() {
  const s = sample();  // before gdb touches the process
  return { ...s, ...(await heapSample()) };
}

class conn {
  constructor() {
    this.inbox = [];
    this.waiters = [];
    this.state = null;
    this.version = -1;
    this.alive = false;
  }
  open(name, token) {
    return new Promise((resolve) => {
      this.ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      this.ws.on('open', () => {
        this.alive = true;
        const hello = { type: 'hello', name };
        if (token) hello.token = token;
        this.ws.send(JSON.stringify(hello));
        resolve(true);
      });
      this.ws.on('error', () => resolve(false));
      this.ws.on('close', () => { this.alive = false; this.push({ type: 'closed' }); });
      this.ws.on('message', (d) => {
        const m = JSON.parse(d.toString());
        if (m.type === 'joined' || m.type === 'snapshot') { this.state = m.state; this.version = m.version; }
        this.push(m);
      });
    });
  }
  push(m) { this.inbox.push(m); this.waiters.splice(0).forEach((w) => w()); }
  send(m) { if (this.alive) this.ws.send(JSON.stringify(m)); else this.push({ type: 'closed' }); }
  async next(pred, ms = 10000) {
    const until = Date.now() + ms;
    for (;;) {
      const i = this.inbox.findIndex(pred);
      if (i >= 0) return this.inbox.splice(0, i + 1)[i];
      if (Date.now() > until) return { type: 'timeout' };
      await Promise.race([new Promise((r) => this.waiters.push(r)), sleep(until - Date.now())]);
    }
  }
  drop() { if (this.ws) this.ws.terminate(); this.alive = false; }
  close() { if (this.ws) this.ws.close(); }
}

function chooseMove(state) {
  if (state.game === 'dvonn') return state.legal[Math.floor(random() * state.legal.length)];
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

const counts = { games: 0, finished: 0, resigned: 0, moves: 0, drops: 0, reconnects: 0,
                 spectators: 0, visitors: 0, deserters: 0, errors: 0, timeouts: 0 };

// `n` passers-by spread over the round, a few at a time: hello (a new identity each), look at
// the room list, leave (half with a close handshake, half by dropping the socket).
// A deserter does the same, but creates a room first and leaves it waiting for nobody.
async function visitors(n, until, deserting) {
  let left = n;
  const gap = (until - Date.now()) / Math.max(1, n / 4);
  const one = async () => {
    while (left > 0 && Date.now() < until) {
      left -= 1;
      const v = new conn();
      if (!(await v.open(`v${left}`, null))) { counts.errors += 1; continue; }
      const w = await v.next((m) => m.type === 'welcome');
      if (deserting) {
        v.send({ ...newRoom(left), id: 1 });
        const j = await v.next((m) => m.type === 'joined');
        if (w.type !== 'welcome' || j.type !== 'joined') counts.errors += 1;
        else counts.deserters += 1;
      } else {
        v.send({ type: 'list_rooms', id: 1 });
        const r = await v.next((m) => m.type === 'rooms');
        if (w.type !== 'welcome' || r.type !== 'rooms') counts.errors += 1;
        else counts.visitors += 1;
      }
      if (random() < 0.5) v.close(); else v.drop();
      await sleep(gap * random() * 2);
    }
  };
  await Promise.all([...Array(4).keys()].map(one));
}

// One pair playing games back to back until `until`, keeping its two identities.
async function pair(i, until) {
  const tokens = [null, null];
  while (Date.now() < until) {
    const c = [new conn(), new conn()];
    for (let s = 0; s < 2; ++s) {
      if (!(await c[s].open(`p${i}${s}`, tokens[s]))) { counts.errors += 1; await sleep(200); continue; }
      const w = await c[s].next((m) => m.type === 'welcome');
      tokens[s] = w.token;
    }
    c[0].send(newRoom(i));
    const created = await c[0].next((m) => m.type === 'joined' || m.type === 'closed');
    if (created.type !== 'joined') { c.forEach((x) => x.drop()); continue; }
    const room = created.room;
    c[1].send({ type: 'join', room, as: 'player' });
    await c[1].next((m) => m.type === 'joined');
    counts.games += 1;
    let watcher = null;
    for (let n = 0; n < 200 && Date.now() < until; ++n) {
      c[0].send({ type: 'sync', room });
      await c[0].next((m) => m.type === 'snapshot' || m.type === 'closed');
      if (!c[0].state || c[0].state.status !== 'playing') break;
      const roll = random();
      if (roll < 0.04) {
        // Drop a seat without a close handshake; it comes back with its token.
        const s = Math.floor(random() * 2);
        c[s].drop();
        counts.drops += 1;
        await sleep(100 + random() * 900);
        c[s] = new conn();
        await c[s].open(`p${i}${s}`, tokens[s]);
        await c[s].next((m) => m.type === 'welcome');
        await c[s].next((m) => m.type === 'joined');
        counts.reconnects += 1;
      } else if (roll < 0.05 && !watcher) {
        watcher = new conn();
        await watcher.open(`w${i}`, null);
        await watcher.next((m) => m.type === 'welcome');
        watcher.send({ type: 'join', room, as: 'spectator' });
        counts.spectators += 1;
      } else if (roll < 0.055) {
        c[0].send({ type: 'resign', room });
        counts.resigned += 1;
        break;
      }
      await sleep(150 + random() * 350);  // a person's pace, under --rate-limit 100
      // The mover reads the current state and moves on its version.
      const mover = c[c[0].state.to_move - 1];
      if (mover !== c[0]) {
        mover.send({ type: 'sync', room });
        await mover.next((m) => m.type === 'snapshot' || m.type === 'closed');
      }
      mover.send({ type: 'move', room, move: chooseMove(mover.state), version: mover.version, id: n });
      const r = await mover.next((m) => m.re === n || m.type === 'closed');
      if (r.type === 'ack') counts.moves += 1;
      else if (r.type === 'timeout') counts.timeouts += 1;
      else if (r.type === 'error' && r.code !== 'stale_version') counts.errors += 1;
    }
    if (c[0].state && c[0].state.status === 'finished') counts.finished += 1;
    c.forEach((x) => x.close());
    if (watcher) watcher.close();
    await sleep(50);
  }
}

async function main() {
  await new Promise((resolve, reject) => {
    server = spawn(serverBin, ['--port', '0', '--host', '127.0.0.1', '--threads', '2',
                               '--log-level', 'warn', '--data', dataDir, '--abandon-after', '5',
                               '--rate-limit', '100',
                               // every simulated person is on 127.0.0.1 (the per-address caps)
                               '--waiting-rooms-per-address', '0',
                               '--connections-per-address', '0', '--address-rate-limit', '0',
                               '--identities-per-address', '0',
                               '--tcp-connections-per-address', '0',
                               '--rooms-per-address-per-day', '0'],
                   { stdio: ['ignore', 'pipe', 'pipe'] });
    server.stderr.on('data', onServerStderr);
    let out = '';
    server.stdout.on('data', (ch) => {
      out += ch.toString();
      const m = out.match(/listening on [0-9.]+:(\d+)\n/);
      if (m && !port) { port = Number(m[1]); resolve(); }
    });
    server.on('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  // Warm-up: a few games, so allocator pools and SQLite's cache exist before the baseline.
  await Promise.all([...Array(10).keys()].map((i) => pair(1000 + i, Date.now() + 5000)));
  await sleep(12000);  // the same settle as after a round, so the two compare
  const baseline = await fullSample();
  let peak = { ...baseline };
  const sampler = setInterval(() => {
    const s = sample();
    peak = { rss_kib: Math.max(peak.rss_kib, s.rss_kib), fds: Math.max(peak.fds, s.fds) };
  }, 500);
  const t0 = Date.now();
  // Each round is the same load again; a leak grows round after round, a cache plateaus.
  const rounds = [];
  for (let r = 0; r < roundCount; ++r) {
    const until = Date.now() + seconds * 1000;
    await Promise.all([visitors(visitorCount, until, false), visitors(deserterCount, until, true),
                       ...[...Array(pairs).keys()].map(async (i) => { await sleep(random() * 3000); return pair(i, until); })]);
    await sleep(12000);  // abandonment grace (5 s), then the server trims its heap (5 s later)
    rounds.push(await fullSample());
  }
  clearInterval(sampler);
  const end = rounds[rounds.length - 1];
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const report = { games, pairs, connections: pairs * 2, visitors_per_round: visitorCount,
                   deserters_per_round: deserterCount, seconds: Math.round((Date.now() - t0) / 1000),
                   rounds: roundCount, baseline, peak, end_of_each_round: rounds, counts };
  console.log(JSON.stringify(report, null, 1));

  const verdicts = [];
  const check = (ok, text) => { verdicts.push({ ok, text }); return ok; };
  check(end.fds <= baseline.fds + 4, `fds ${baseline.fds} -> peak ${peak.fds} -> end ${end.fds}`);
  // What the first round added versus what the last one added: a leak adds the same each time.
  const plateau = (key, floorKib) => {
    const series = [baseline[key], ...rounds.map((r) => r[key])];
    const first = series[1] - series[0];
    const last = series[series.length - 1] - series[series.length - 2];
    const allowed = Math.max(floorKib, 0.25 * first);
    return check(last <= allowed, `${key} ${series.join(' -> ')} KiB: first round +${first}, ` +
                                  `last round +${last} (allowed +${Math.round(allowed)})`);
  };
  if (rounds.length >= 2) {
    plateau('rss_kib', 1024);
    if (heapStats) plateau('heap_in_use_kib', 256);
  } else {
    const allowed = Math.max(8192, 0.25 * (peak.rss_kib - baseline.rss_kib));
    check(end.rss_kib <= baseline.rss_kib + allowed,
          `RSS ${baseline.rss_kib} -> peak ${peak.rss_kib} -> end ${end.rss_kib} KiB ` +
          `(allowed end ${baseline.rss_kib + Math.round(allowed)})`);
  }
  const pass = verdicts.every((v) => v.ok);
  for (const v of verdicts) console.log(`${v.ok ? 'ok  ' : 'FAIL'} ${v.text}`);
  console.log(pass ? 'PASS' : 'FAIL');
  process.exit(pass ? 0 : 1);
}
main().catch(fail);
