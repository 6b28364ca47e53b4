#!/usr/bin/env node
// An outside client: Node's `ws` and `fast-json-patch`, neither written by this project.
// It starts the real ringside-server on a free port, plays a whole ZÈRTZ game and then a whole
// DVONN game between two clients while a third watches, applies every patch to the first state
// each client received and checks the result equals a final `sync` snapshot, for all three.
// With --tls it first makes a certificate (`openssl req`, valid for 127.0.0.1), starts the
// server with --tls-cert/--tls-key and does all of it over wss://, trusting only that
// certificate (Node checks it and the host name), after an https:// GET /healthz.
// Usage: node play.js --server-bin /path/to/ringside-server [--tls]
'use strict';
const { spawn, execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const assert = require('assert');
const WebSocket = require('ws');
const jsonpatch = require('fast-json-patch');

const args = process.argv.slice(2);
const binIndex = args.indexOf('--server-bin');
if (binIndex < 0 || !args[binIndex + 1]) {
  console.error('usage: node play.js --server-bin PATH');
  process.exit(2);
}
const serverBin = args[binIndex + 1];
const tls = args.includes('--tls');
const deadline = setTimeout(() => fail(new Error('timed out after 60 s')), 60000);
let server;

function fail(err) {
  console.error('FAIL:', err && err.stack ? err.stack : err);
  if (server) server.kill('SIGKILL');
  process.exit(1);
}

let dataDir = null;
let certDir = null;
let ca = null;  // with --tls: the certificate, the only one trusted

function makeCertificate() {
  certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ringside-node-cert-'));
  const cert = path.join(certDir, 'cert.pem');
  const key = path.join(certDir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt',
    'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert],
  { stdio: 'ignore' });
  ca = fs.readFileSync(cert);
  return ['--tls-cert', cert, '--tls-key', key];
}

function startServer() {
  const flags = ['--port', '0', '--host', '127.0.0.1', '--threads', '2', '--log-level', 'warn',
                 '--rate-limit', '1000', '--address-rate-limit', '0'];
  // A server with a journal gets its own empty directory, removed at the end.
  if (execFileSync(serverBin, ['--help']).toString().includes('--data')) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ringside-node-'));
    flags.push('--data', dataDir);
  }
  if (tls) flags.push(...makeCertificate());
  return new Promise((resolve, reject) => {
    server = spawn(serverBin, flags, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const m = out.match(/listening on ([0-9.]+):(\d+)\n/);
      if (m) resolve(Number(m[2]));
    });
    server.on('exit', (code) => reject(new Error(`server exited early (${code})`)));
  });
}

// One connection: a queue of received messages plus the room state it rebuilds from patches.
class client {
  constructor(name, port) {
    this.name = name;
    this.inbox = [];
    this.waiters = [];
    this.state = null;
    this.version = -1;
    this.ws = tls ? new WebSocket(`wss://127.0.0.1:${port}/ws`, { ca })
                  : new WebSocket(`ws://127.0.0.1:${port}/ws`);
    this.ws.on('message', (data) => this.onMessage(JSON.parse(data.toString())));
    this.ws.on('error', fail);
  }
  open() {
    return new Promise((resolve) => this.ws.once('open', resolve));
  }
  send(msg) {
    this.ws.send(JSON.stringify(msg));
  }
  onMessage(msg) {
    // An unasked snapshot (no `re`) replaces a backlog of patches; a `sync` reply is kept
    // apart so that the patched state can be compared with it.
    const unasked = msg.type === 'snapshot' && !('re' in msg) && msg.version > this.version;
    if (msg.type === 'joined' || unasked || (msg.type === 'snapshot' && this.state === null)) {
      this.state = msg.state;
      this.version = msg.version;
    } else if (msg.type === 'patch') {
      assert.strictEqual(msg.version, this.version + 1, `${this.name}: patch version gap`);
      this.state = jsonpatch.applyPatch(this.state, msg.ops, true, false).newDocument;
      this.version = msg.version;
    }
    this.inbox.push(msg);
    this.waiters.splice(0).forEach((w) => w());
  }
  // The first queued message satisfying `pred` (removing it and everything before it).
  async next(pred) {
    for (;;) {
      const i = this.inbox.findIndex(pred);
      if (i >= 0) return this.inbox.splice(0, i + 1)[i];
      await new Promise((resolve) => this.waiters.push(resolve));
    }
  }
  async request(msg, replyType) {
    this.send(msg);
    const reply = await this.next((m) => m.type === replyType || m.type === 'error');
    if (reply.type === 'error') throw new Error(`${this.name}: ${JSON.stringify(reply)}`);
    return reply;
  }
}

// A legal move read off the state alone: the longest capture when one is compulsory, else a
// placement of the scarcest colour on a ring that will not be removable, removing the first
// free ring left.
function chooseMove(state) {
  if (state.must_capture) {
    const chain = state.captures.reduce((a, b) => (b.length > a.length ? b : a));
    const colour = state.rings[chain[0]];
    return colour + chain.join('x');
  }
  const me = state.to_move - 1;
  const source = Object.values(state.pool).some((n) => n > 0) ? state.pool : state.captured[me];
  const colour = ['W', 'G', 'B'].find((c) => source[c] > 0);
  const vacant = Object.keys(state.rings).filter((c) => state.rings[c] === '');
  const target = vacant.find((c) => !state.removable.includes(c)) || vacant[0];
  const removal = state.removable.find((c) => c !== target);
  return removal ? `${colour}${target}-${removal}` : `${colour}${target}`;
}

// DVONN's state lists every legal move: a thin client picks one (here: spread over the list).
function chooseDvonnMove(state, moves) {
  return state.legal[(moves * 7919) % state.legal.length];
}

async function playOne(port, create, choose) {
  const alice = new client('alice', port);
  const bob = new client('bob', port);
  const eve = new client('eve', port);
  await Promise.all([alice.open(), bob.open(), eve.open()]);
  for (const c of [alice, bob, eve]) await c.request({ type: 'hello', name: c.name }, 'welcome');

  const created = await alice.request(Object.assign({ type: 'create_room', seat: 'first', id: 1 },
                                                    create), 'joined');
  assert.strictEqual(created.seat, 1);
  assert.strictEqual(created.re, 1);
  const room = created.room;
  const joined = await bob.request({ type: 'join', room, as: 'player' }, 'joined');
  assert.strictEqual(joined.seat, 2);
  assert.strictEqual(joined.state.status, 'playing');
  await alice.next((m) => m.type === 'patch' && m.version === joined.version);

  const players = { 1: alice, 2: bob };
  let moves = 0;
  for (; moves < 300; ++moves) {
    // Both players hold the same state once bob has caught up with alice's patches.
    const mover = players[alice.state.to_move];
    if (alice.state.status !== 'playing') break;
    if (moves === 6) {
      // A spectator arriving mid-game starts from a joined state and then follows patches.
      // Its arrival is only a count, shown by the next batch (at once after a quiet second).
      await eve.request({ type: 'join', room, as: 'spectator' }, 'joined');
      const counted = (m) => m.type === 'patch' && m.ops.some((op) => op.path === '/spectators');
      for (const c of [alice, bob, eve]) await c.next(counted);
    }
    const move = choose(mover.state, moves);
    const version = mover.version;
    const ack = await mover.request({ type: 'move', room, move, version, id: `m${moves}` }, 'ack');
    assert.strictEqual(ack.re, `m${moves}`);
    for (const c of [alice, bob]) await c.next((m) => m.type === 'patch' && m.version === ack.version);
    // Spectator arrival (and other changes) may add versions between moves; catch up fully.
    const target = Math.max(alice.version, bob.version);
    for (const c of [alice, bob]) {
      if (c.version < target) await c.next((m) => m.type === 'patch' && m.version === target);
    }
  }
  assert.strictEqual(alice.state.status, 'finished', 'the game should end within 300 moves');
  assert.ok(alice.state.result && alice.state.result.reason, 'a finished game has a result');
  await eve.next((m) => m.type === 'patch' && m.version === alice.version);

  for (const c of [alice, bob, eve]) {
    const snap = await c.request({ type: 'sync', room }, 'snapshot');
    assert.strictEqual(snap.version, c.version, `${c.name}: version after all patches`);
    assert.deepStrictEqual(c.state, snap.state, `${c.name}: patched state differs from snapshot`);
  }
  console.log(`ok: ${create.game}: ${moves} moves, ${alice.state.result.reason}, ` +
              `winner ${alice.state.result.winner}, version ${alice.version}`);
  for (const c of [alice, bob, eve]) c.ws.close();
  return alice.state;
}

// GET /healthz over https://, the certificate checked.
function healthz(port) {
  return new Promise((resolve, reject) => {
    require('https').get({ host: '127.0.0.1', port, path: '/healthz', ca }, (res) => {
      let body = '';
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(body) }));
    }).on('error', reject);
  });
}

async function main() {
  const port = await startServer();
  if (tls) {
    const health = await healthz(port);
    assert.strictEqual(health.status, 200);
    assert.strictEqual(health.body.status, 'ok');
  }
  await playOne(port, { game: 'zertz', variant: 'blitz' }, chooseMove);
  const end = await playOne(port, { game: 'dvonn', variant: 'standard' }, chooseDvonnMove);
  assert.strictEqual(end.result.reason, 'no_moves');
  assert.deepStrictEqual(end.result.score, end.score, 'a DVONN result carries the final score');
  server.kill('SIGTERM');
  const code = await new Promise((resolve) => server.once('exit', (c) => resolve(c)));
  assert.strictEqual(code, 0, 'the server exits 0 on SIGTERM');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (certDir) fs.rmSync(certDir, { recursive: true, force: true });
  clearTimeout(deadline);
}

main().catch(fail);
