'use strict';
// Colyseus 0.16 room for the peers benchmark: one ZÈRTZ-shaped board per room, two seats.
// The framework sends its own delta: after each accepted move the room broadcasts the
// schema patch at once (patch rate off), as a turn-based game would, instead of waiting for
// the default 50 ms patch tick. Usage: node colyseus-server.js --port N (0: any free port).

process.env.NODE_ENV = process.env.NODE_ENV || 'production';
const { Server, Room } = require('@colyseus/core');
const { WebSocketTransport } = require('@colyseus/ws-transport');
const { Schema, ArraySchema, defineTypes } = require('@colyseus/schema');
const { CELLS, refusal, gameLength } = require('./board');

class Board extends Schema {
  constructor() {
    super();
    this.cells = new ArraySchema(...new Array(CELLS).fill(0));
    this.toMove = 0;
    this.ply = 0;
    this.status = 'waiting';
  }
}
defineTypes(Board, { cells: ['uint8'], toMove: 'uint8', ply: 'uint16', status: 'string' });

class ZertzRoom extends Room {
  onCreate(options) {
    this.maxClients = 2;
    this.length = gameLength(options && options.moves);
    this.seats = new Map();  // sessionId -> seat
    this.setState(new Board());
    this.setPatchRate(null);
    this.onMessage('move', (client, cell) => this.move(client, cell));
  }

  onJoin(client) {
    this.seats.set(client.sessionId, this.seats.size);
    if (this.seats.size === 2) {
      this.state.status = 'playing';
      this.lock();
      this.broadcastPatch();
    }
  }

  move(client, cell) {
    const s = this.state;
    const seat = this.seats.get(client.sessionId);
    const why = s.status !== 'playing' ? 'not_playing' : refusal(s.cells, s.toMove, seat, cell);
    if (why) return client.send('error', why);
    s.cells[cell] = 1 + seat;
    s.ply += 1;
    s.toMove = 1 - s.toMove;
    if (s.ply >= this.length) s.status = 'finished';
    this.broadcastPatch();
  }
}

const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 0;
const gameServer = new Server({ transport: new WebSocketTransport(), greet: false });
gameServer.define('zertz', ZertzRoom);
gameServer.define('lobby', class extends Room { onCreate() { this.maxClients = 100000; } });
gameServer.listen(port, '127.0.0.1').then(() => {
  const addr = gameServer.transport.server.address();
  console.log(`colyseus listening on 127.0.0.1:${addr.port}`);
});
