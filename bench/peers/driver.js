'use strict';
// One driver for the peers benchmark: plays G two-player games against a Colyseus 0.16 or a
// boardgame.io 0.50 server at a fixed total pace, each game's gaps drawn exponentially (games
// move independently, as people do), and reports what bench/load/ringside-loadgen reports for
// Ringside: move->update p50/p99, server CPU per move (from /proc/<pid>/stat), RSS, bytes per
// move in all WebSocket frames both ways, and its own event-loop delay.
//
// It speaks each server's wire protocol directly (the `ws` package, no framework SDK): the
// SDKs decode every state and patch on the driver's one core, and at a few hundred moves a
// second that made the driver, not the server, the thing measured.
//
//   node driver.js --server colyseus|bgio --port N --server-pid PID [--mode game|idle]
//                  [--games 50 --rate 100 --moves 31 --seconds 12 --warmup 2 --samples FILE]
//                  [--connections 1000]          (idle: connections held, RSS per connection)
//                  [--mode starts --games 10 --seconds 8]   (server CPU per game start alone)
// Prints one JSON object on stdout. Only 127.0.0.1 is used.

const fs = require('fs');
const http = require('http');
const { monitorEventLoopDelay, performance } = require('perf_hooks');
const WebSocket = require('ws');
const { CELLS } = require('./board');

function parseArgs(argv) {
  const a = {
    server: 'colyseus', port: 0, serverPid: 0, mode: 'game', games: 50, rate: 100, moves: 31,
    seconds: 12, warmup: 2, samples: '', connections: 1000, seed: 1,
  };
  const names = {
    '--server': 'server', '--port': 'port', '--server-pid': 'serverPid', '--mode': 'mode',
    '--games': 'games', '--rate': 'rate', '--moves': 'moves', '--seconds': 'seconds',
    '--warmup': 'warmup', '--samples': 'samples', '--connections': 'connections', '--seed': 'seed',
  };
  for (let i = 2; i < argv.length; i += 2) {
    const key = names[argv[i]];
    if (!key || i + 1 >= argv.length) throw new Error(`unknown or incomplete option ${argv[i]}`);
    a[key] = typeof a[key] === 'number' ? Number(argv[i + 1]) : argv[i + 1];
  }
  if (!['colyseus', 'bgio', 'ringside'].includes(a.server)) {
    throw new Error('--server: colyseus, bgio or ringside (ringside: --mode starts only)');
  }
  if (a.server === 'ringside' && a.mode !== 'starts') {
    throw new Error('ringside plays through ringside-loadgen; the driver only times its starts');
  }
  if (!['game', 'idle', 'starts'].includes(a.mode)) throw new Error('--mode: game, idle or starts');
  return a;
}

// --- measuring the server ------------------------------------------------------------------

const TICKS = 100;  // USER_HZ: /proc/<pid>/stat counts CPU in hundredths of a second
function serverCpuS(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / TICKS;  // utime + stime
}
function serverRssKib(pid) {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

// A seeded generator (mulberry32): runs with the same seed draw the same gaps and cells.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function summary(us) {
  if (us.length === 0) return { count: 0, p50_ms: 0, p90_ms: 0, p99_ms: 0, max_ms: 0, mean_ms: 0 };
  const v = Float64Array.from(us).sort();
  const rank = (q) => v[Math.min(v.length, Math.max(1, Math.ceil(q * v.length))) - 1] / 1000;
  const sum = v.reduce((x, y) => x + y, 0);
  return {
    count: v.length, p50_ms: rank(0.5), p90_ms: rank(0.9), p99_ms: rank(0.99),
    max_ms: v[v.length - 1] / 1000, mean_ms: sum / v.length / 1000,
  };
}

// --- what the run counts -------------------------------------------------------------------

class Stats {
  constructor() {
    this.measuring = false;
    this.moveUpdateUs = [];    // move sent -> the mover's own update
    this.opponentUs = [];      // move sent -> the other player's update
    this.moves = 0;            // moves whose updates both arrived while measuring
    this.gamesStarted = 0;
    this.gamesFinished = 0;
    this.framesIn = 0; this.bytesIn = 0; this.framesOut = 0; this.bytesOut = 0;
    this.errors = {};
  }
  error(code) { this.errors[code] = (this.errors[code] || 0) + 1; }
  // Payload plus the frame header: the server's unmasked, ours with the 4-byte mask.
  frameIn(len) {
    if (!this.measuring) return;
    this.framesIn += 1;
    this.bytesIn += len + (len < 126 ? 2 : len < 65536 ? 4 : 10);
  }
  frameOut(len) {
    if (!this.measuring) return;
    this.framesOut += 1;
    this.bytesOut += len + (len < 126 ? 2 : len < 65536 ? 4 : 10) + 4;
  }
}

// A WebSocket whose every frame, both ways and pings included, is counted.
function countedSocket(url, stats) {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  ws.on('ping', (d) => { stats.frameIn(d.length); stats.frameOut(d.length); });  // auto pong
  ws.on('error', (e) => stats.error(`socket_${e.code || 'error'}`));
  const send = ws.send.bind(ws);
  ws.sendCounted = (data) => {
    stats.frameOut(typeof data === 'string' ? Buffer.byteLength(data) : data.length);
    send(data);
  };
  return ws;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
function post(port, path, body) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request({
      host: '127.0.0.1', port, path, method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { text += c; });
      res.on('end', () => {
        if (res.statusCode >= 300) return reject(new Error(`${path}: HTTP ${res.statusCode} ${text}`));
        try { resolve(JSON.parse(text)); } catch (e) { reject(e); }
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

// --- the two wire protocols ----------------------------------------------------------------
// Each `connect*` opens a game's two seats and resolves once both may move; each seat then has
// move(cell) and calls onUpdate() when the server's update for the last move reaches it.

// Colyseus 0.16: HTTP matchmaking reserves a seat, the WebSocket confirms it (JOIN_ROOM back),
// the full state comes as ROOM_STATE (14) and every change as ROOM_STATE_PATCH (15); a message
// is ROOM_DATA (13) with a msgpack type and body.
const CY = { JOIN_ROOM: 10, ROOM_DATA: 13, ROOM_STATE: 14, ROOM_STATE_PATCH: 15 };
const MOVE_TYPE = Buffer.from([0xa4, ...Buffer.from('move')]);  // msgpack fixstr "move"

function colyseusSeat(port, reservation, stats) {
  const { room, sessionId } = reservation;
  const ws = countedSocket(
    `ws://127.0.0.1:${port}/${room.processId}/${room.roomId}?sessionId=${sessionId}`, stats);
  const seat = { ws, roomId: room.roomId, onUpdate: null, patches: 0 };
  let joined;
  seat.joined = new Promise((resolve) => { joined = resolve; });  // a room without state
  seat.ready = new Promise((resolve, reject) => {
    ws.on('close', () => reject(new Error('closed before the state')));
    ws.on('message', (data) => {
      stats.frameIn(data.length);
      const code = data[0];
      if (code === CY.JOIN_ROOM) {
        joined();
        return ws.sendCounted(Buffer.from([CY.JOIN_ROOM]));
      }
      if (code === CY.ROOM_STATE) return resolve();
      if (code === CY.ROOM_STATE_PATCH) {
        seat.patches += 1;
        if (seat.onUpdate) seat.onUpdate();
        return undefined;
      }
      if (code === CY.ROOM_DATA) stats.error('refused');
      return undefined;
    });
  });
  seat.move = (cell) => ws.sendCounted(Buffer.from([CY.ROOM_DATA, ...MOVE_TYPE, cell]));
  seat.close = () => ws.close();
  return seat;
}

async function connectColyseus(port, moves, stats) {
  // The creator is in before the joiner reserves: its one patch (the game starting) then
  // comes before any move, and is waited for, never mistaken for a move's.
  const first = colyseusSeat(port, await post(port, '/matchmake/create/zertz', { moves }), stats);
  await first.ready;
  const started = new Promise((resolve) => { first.onUpdate = resolve; });
  const second = colyseusSeat(port, await post(port, `/matchmake/joinById/${first.roomId}`, {}),
    stats);
  await Promise.all([second.ready, started]);
  first.onUpdate = null;
  return [first, second];
}

// boardgame.io 0.50: the lobby API creates the match and hands out credentials; the game
// runs over socket.io (engine.io 4 text frames: "0" open, "2"/"3" ping/pong, "40/ns," to
// enter the namespace, "42/ns,[event,...args]" for an event).
function bgioSeat(port, matchID, playerID, credentials, stats) {
  const ws = countedSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`, stats);
  const seat = { ws, onUpdate: null, stateID: 0 };
  const emit = (args) => ws.sendCounted(`42/zertz,${JSON.stringify(args)}`);
  seat.ready = new Promise((resolve, reject) => {
    ws.on('close', () => reject(new Error('closed before the sync')));
    ws.on('message', (data) => {
      stats.frameIn(data.length);
      const text = data.toString();
      if (text === '2') return ws.sendCounted('3');
      if (text[0] === '0') return ws.sendCounted('40/zertz,');
      if (text.startsWith('40/zertz,')) return emit(['sync', matchID, playerID, credentials, 2]);
      if (!text.startsWith('42/zertz,')) return undefined;
      const ev = JSON.parse(text.slice(9));
      if (ev[0] === 'sync') {
        seat.stateID = ev[2].state._stateID;
        return resolve();
      }
      if (ev[0] === 'patch' || ev[0] === 'update') {
        seat.stateID = ev[0] === 'patch' ? ev[3] : ev[2]._stateID;
        if (seat.onUpdate) seat.onUpdate();
      }
      return undefined;
    });
  });
  seat.move = (cell) => emit(['update', {
    type: 'MAKE_MOVE', payload: { type: 'place', args: [cell], playerID, credentials },
  }, seat.stateID, matchID, playerID]);
  seat.close = () => ws.close();
  return seat;
}

async function connectBgio(port, moves, stats) {
  const { matchID } = await post(port, '/games/zertz/create',
    { numPlayers: 2, setupData: { moves } });
  const seats = await Promise.all(['0', '1'].map(async (id) => {
    const { playerCredentials } = await post(port, `/games/zertz/${matchID}/join`,
      { playerID: id, playerName: `p${id}` });
    return bgioSeat(port, matchID, id, playerCredentials, stats);
  }));
  await Promise.all(seats.map((s) => s.ready));
  return seats;
}

// Ringside, for game starts only (its games are played by ringside-loadgen): a new
// connection per player as the peers need, `hello`, then the creator's `create_room` and the
// joiner's `join`; the game has started when both have their `joined`.
function ringsideSeat(port, name, stats) {
  const ws = countedSocket(`ws://127.0.0.1:${port}/ws`, stats);
  const seat = { ws, joined: null };
  const replies = {};
  ws.on('message', (data) => {
    stats.frameIn(data.length);
    const msg = JSON.parse(data.toString());
    const wait = replies[msg.type];
    if (wait) { delete replies[msg.type]; wait(msg); }
    if (msg.type === 'error') stats.error(msg.code || 'error');
  });
  const next = (type) => new Promise((resolve, reject) => {
    replies[type] = resolve;
    ws.once('close', () => reject(new Error(`closed before ${type}`)));
  });
  seat.send = (msg) => ws.sendCounted(JSON.stringify(msg));
  seat.welcomed = new Promise((resolve, reject) => {
    ws.once('open', () => seat.send({ type: 'hello', name }));
    next('welcome').then(resolve, reject);
  });
  seat.next = next;
  seat.close = () => ws.close();
  return seat;
}

let ringsideNames = 0;
async function connectRingside(port, _moves, stats) {
  const n = (ringsideNames += 1);
  const first = ringsideSeat(port, `s${n}a`, stats);
  const second = ringsideSeat(port, `s${n}b`, stats);
  await Promise.all([first.welcomed, second.welcomed]);
  const created = first.next('joined');
  first.send({ type: 'create_room', id: 1, game: 'zertz', variant: 'standard', seat: 'first' });
  const { room } = await created;
  const joined = second.next('joined');
  second.send({ type: 'join', id: 1, room, as: 'player' });
  await joined;
  return [first, second];
}

// --- a table: one game after another between the same two simulated players ----------------

class Table {
  constructor(a, stats, random) {
    this.a = a; this.stats = stats; this.random = random;
    this.meanGapS = a.games / a.rate;  // each game's share of the total pace
    this.stopped = false;
  }

  gap() { return -Math.log(1 - this.random()) * this.meanGapS * 1000; }

  async play() {
    const connect = this.a.server === 'colyseus' ? connectColyseus : connectBgio;
    while (!this.stopped) {
      let seats;
      try {
        seats = await connect(this.a.port, this.a.moves, this.stats);
      } catch (e) {
        this.stats.error(`start: ${e.message.slice(0, 60)}`);
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      this.stats.gamesStarted += this.stats.measuring ? 1 : 0;
      this.seats = seats;
      await this.game(seats);
      seats.forEach((s) => s.close());
      if (this.ply >= this.a.moves) this.stats.gamesFinished += this.stats.measuring ? 1 : 0;
    }
  }

  // Moves alternate; the next goes at the later of its drawn time and both updates of the last.
  game(seats) {
    const cells = new Array(CELLS).fill(0);
    this.ply = 0;
    let nextAt = performance.now() + this.gap();
    return new Promise((done) => {
      const move = () => {
        if (this.stopped || this.ply >= this.a.moves) return done();
        const wait = nextAt - performance.now();
        if (wait > 0) return void setTimeout(move, wait);
        const mover = seats[this.ply % 2];
        const other = seats[1 - (this.ply % 2)];
        const free = [];
        for (let c = 0; c < CELLS; c += 1) if (cells[c] === 0) free.push(c);
        const cell = free[Math.floor(this.random() * free.length)];
        cells[cell] = 1;
        const sent = performance.now();
        const measured = this.stats.measuring;
        nextAt = sent + this.gap();
        let pending = 2;
        const arrived = (list) => () => {
          if (measured && this.stats.measuring) list.push((performance.now() - sent) * 1000);
          pending -= 1;
          if (pending > 0) return;
          mover.onUpdate = null; other.onUpdate = null;
          if (measured && this.stats.measuring) this.stats.moves += 1;
          this.ply += 1;
          move();
        };
        mover.onUpdate = arrived(this.stats.moveUpdateUs);
        other.onUpdate = arrived(this.stats.opponentUs);
        mover.move(cell);
        return undefined;
      };
      this.finish = done;
      move();
    });
  }
}

// --- modes ---------------------------------------------------------------------------------

async function runGame(a) {
  const stats = new Stats();
  const random = rng(a.seed);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const rssStart = serverRssKib(a.serverPid);
  let rssPeak = rssStart;
  const tables = Array.from({ length: a.games }, () => new Table(a, stats, random));
  tables.forEach((t) => t.play());
  const rssTimer = setInterval(() => { rssPeak = Math.max(rssPeak, serverRssKib(a.serverPid)); }, 500);
  await new Promise((r) => setTimeout(r, a.warmup * 1000));
  stats.measuring = true;
  loop.enable();
  const cpu0 = serverCpuS(a.serverPid);
  const own0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, (a.seconds - a.warmup) * 1000));
  const cpuS = serverCpuS(a.serverPid) - cpu0;
  const measuredS = (performance.now() - t0) / 1000;
  stats.measuring = false;
  loop.disable();
  const own = process.cpuUsage(own0);
  clearInterval(rssTimer);
  const rssEnd = serverRssKib(a.serverPid);
  tables.forEach((t) => { t.stopped = true; });
  if (a.samples) {
    const lines = stats.moveUpdateUs.map((us) => `move_ack ${Math.round(us)}`)
      .concat(stats.opponentUs.map((us) => `opponent_update ${Math.round(us)}`));
    fs.writeFileSync(a.samples, `${lines.join('\n')}\n`);
  }
  const moves = Math.max(1, stats.moves);
  return {
    server: a.server, mode: 'game',
    config: { games: a.games, rate: a.rate, moves_per_game: a.moves, seconds: a.seconds,
      warmup: a.warmup, pacing: 'exponential gaps per game, independent' },
    measured_s: measuredS,
    moves: { measured: stats.moves, per_s: stats.moves / measuredS },
    games: { started: stats.gamesStarted, finished: stats.gamesFinished },
    latency_ms: { move_update: summary(stats.moveUpdateUs), opponent_update: summary(stats.opponentUs) },
    cpu: { server_s: cpuS, server_us_per_move: (cpuS * 1e6) / moves,
      driver_s: (own.user + own.system) / 1e6 },
    server_rss: { start_kib: rssStart, peak_kib: rssPeak, end_kib: rssEnd },
    bytes_per_move: {
      all: (stats.bytesIn + stats.bytesOut) / moves, frames: (stats.framesIn + stats.framesOut) / moves,
      from_server: stats.bytesIn / moves, to_server: stats.bytesOut / moves,
    },
    // How late the driver's own 1 ms timer ran: its delay past the 1 ms it asked for.
    driver_loop_delay_ms: { p50: Math.max(0, loop.percentile(50) / 1e6 - 1),
      p99: Math.max(0, loop.percentile(99) / 1e6 - 1), max: Math.max(0, loop.max / 1e6 - 1) },
    errors: stats.errors,
  };
}

// Idle connections, as a client that is connected and in the lobby but not playing: for
// Colyseus a seat in a shared lobby room (a Colyseus connection is always in a room), for
// boardgame.io a socket.io connection in the game's namespace.
async function openIdle(a, stats) {
  if (a.server === 'colyseus') {
    const seat = colyseusSeat(a.port, await post(a.port, '/matchmake/joinOrCreate/lobby', {}), stats);
    seat.ready.catch(() => {});  // the lobby has no state to send
    await seat.joined;
    return seat.ws;
  }
  const ws = countedSocket(`ws://127.0.0.1:${a.port}/socket.io/?EIO=4&transport=websocket`, stats);
  await new Promise((resolve, reject) => {
    ws.on('close', () => reject(new Error('closed')));
    ws.on('message', (data) => {
      const text = data.toString();
      if (text === '2') ws.send('3');
      else if (text[0] === '0') ws.send('40/zertz,');
      else if (text.startsWith('40/zertz,')) resolve();
    });
  });
  return ws;
}

async function runIdle(a) {
  const stats = new Stats();
  const rssStart = serverRssKib(a.serverPid);
  const held = [];
  for (let i = 0; i < a.connections; i += 50) {
    const batch = Math.min(50, a.connections - i);
    held.push(...await Promise.all(Array.from({ length: batch }, () => openIdle(a, stats))));
  }
  await new Promise((r) => setTimeout(r, 2000));  // let the server settle after the arrivals
  const rssHeld = serverRssKib(a.serverPid);
  held.forEach((ws) => ws.close());
  return {
    server: a.server, mode: 'idle', connections: held.length,
    server_rss: { start_kib: rssStart, held_kib: rssHeld,
      per_connection_kib: (rssHeld - rssStart) / Math.max(1, held.length) },
    errors: stats.errors,
  };
}

// Game starts alone, counted apart from moves: G tables each start a game (matchmaking, both
// seats connected and in), close it, and start the next, for --seconds after a warm-up.
async function runStarts(a) {
  const stats = new Stats();
  const connect = { colyseus: connectColyseus, bgio: connectBgio, ringside: connectRingside }[a.server];
  let starts = 0;
  let stopped = false;
  const loopOnce = async () => {
    while (!stopped) {
      try {
        const seats = await connect(a.port, a.moves, stats);
        if (stats.measuring) starts += 1;
        seats.forEach((s) => s.close());
      } catch (e) {
        stats.error(`start: ${e.message.slice(0, 60)}`);
      }
    }
  };
  const loops = Array.from({ length: a.games }, loopOnce);
  await new Promise((r) => setTimeout(r, a.warmup * 1000));
  stats.measuring = true;
  const cpu0 = serverCpuS(a.serverPid);
  await new Promise((r) => setTimeout(r, (a.seconds - a.warmup) * 1000));
  const cpuS = serverCpuS(a.serverPid) - cpu0;
  stats.measuring = false;
  stopped = true;
  await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 2000))]);
  return {
    server: a.server, mode: 'starts', starts,
    cpu: { server_s: cpuS, server_us_per_start: (cpuS * 1e6) / Math.max(1, starts) },
    bytes_per_start: (stats.bytesIn + stats.bytesOut) / Math.max(1, starts),
    errors: stats.errors,
  };
}

const a = parseArgs(process.argv);
({ game: runGame, idle: runIdle, starts: runStarts }[a.mode])(a).then((report) => {
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
}, (e) => {
  process.stderr.write(`driver: ${e.stack || e}\n`);
  process.exit(1);
});
