'use strict';
// The peers benchmark's parts, run for real and briefly: each peer server (Colyseus 0.16,
// boardgame.io 0.50, from bench/peers/node_modules as package-lock.json pins them) starts on a
// free loopback port, bench/peers/driver.js plays a few paced games against it and holds a few
// idle connections, and its report must say what run-all's table is built from. Figures are
// checked for being there and plausible, never for their size: this machine is shared.
//
//   node tests/bench/peers_smoke.js

const assert = require('assert');
const { spawn, execFileSync } = require('child_process');
const path = require('path');

const PEERS = path.join(__dirname, '..', '..', 'bench', 'peers');
const SERVERS = { colyseus: 'colyseus-server.js', bgio: 'bgio-server.js' };

function startServer(name) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [path.join(PEERS, SERVERS[name]), '--port', '0'], {
      cwd: PEERS, env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`${name} did not say where it listens within 20 s: ${out}`));
    }, 20000);
    proc.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /listening on 127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, port: Number(m[1]) });
      }
    });
    proc.on('exit', (code) => reject(new Error(`${name} exited (${code}) before listening: ${out}`)));
  });
}

function drive(name, server, extra) {
  const args = [path.join(PEERS, 'driver.js'), '--server', name, '--port', String(server.port),
    '--server-pid', String(server.proc.pid), ...extra];
  const out = execFileSync(process.execPath, args, { cwd: PEERS, timeout: 60000 }).toString();
  const lines = out.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]);
}

function checkGame(name, r, rate) {
  assert.strictEqual(r.server, name);
  assert.strictEqual(r.mode, 'game');
  assert.deepStrictEqual(r.errors, {}, `${name}: the driver saw errors`);
  // Paced: the moves measured are about the asked rate over the measured time.
  const expected = rate * r.measured_s;
  assert.ok(r.moves.measured > expected / 3 && r.moves.measured < expected * 2,
    `${name}: ${r.moves.measured} moves in ${r.measured_s} s at ${rate}/s`);
  const lat = r.latency_ms.move_update;
  assert.strictEqual(lat.count, r.moves.measured, `${name}: one latency per move`);
  assert.ok(lat.p50_ms > 0 && lat.p99_ms >= lat.p50_ms && lat.max_ms >= lat.p99_ms,
    `${name}: latency percentiles in order`);
  assert.ok(r.cpu.server_us_per_move > 0, `${name}: the server's CPU per move was read`);
  assert.ok(r.server_rss.peak_kib >= r.server_rss.start_kib && r.server_rss.start_kib > 0);
  assert.ok(r.bytes_per_move.frames >= 1 && r.bytes_per_move.all > 0, `${name}: frames counted`);
  assert.ok(Math.abs(r.bytes_per_move.from_server + r.bytes_per_move.to_server -
    r.bytes_per_move.all) < 1e-6, `${name}: bytes both ways add up`);
}

async function main() {
  const rate = 40;
  for (const name of Object.keys(SERVERS)) {
    const server = await startServer(name);
    try {
      const game = drive(name, server,
        ['--games', '4', '--rate', String(rate), '--seconds', '3', '--warmup', '1']);
      checkGame(name, game, rate);
      const idle = drive(name, server, ['--mode', 'idle', '--connections', '50']);
      assert.strictEqual(idle.mode, 'idle');
      assert.strictEqual(idle.connections, 50);
      assert.deepStrictEqual(idle.errors, {}, `${name}: idle connections refused`);
      assert.ok(Number.isFinite(idle.server_rss.per_connection_kib));
      console.log(`${name}: ${game.moves.measured} moves, p50 ${game.latency_ms.move_update.p50_ms
        .toFixed(2)} ms, ${game.cpu.server_us_per_move.toFixed(0)} µs CPU a move, ` +
        `${game.bytes_per_move.all.toFixed(0)} B a move; 50 idle connections held`);
    } finally {
      server.proc.kill('SIGTERM');
    }
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(e.stack || e);
  process.exit(1);
});
