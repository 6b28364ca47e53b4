'use strict';
// boardgame.io 0.50 game for the peers benchmark: the same ZÈRTZ-shaped board, two players,
// one move per turn. The framework sends its own delta (deltaState: a JSON patch per move,
// not the whole state) and checks the mover itself (credentials, current player, state id);
// the move checks the cell. Usage: node bgio-server.js --port N.

process.env.NODE_ENV = process.env.NODE_ENV || 'production';
const { Server } = require('boardgame.io/server');
const { INVALID_MOVE } = require('boardgame.io/core');
const { CELLS, refusal, gameLength } = require('./board');

const Zertz = {
  name: 'zertz',
  deltaState: true,
  setup: (_ctx, setupData) => ({
    cells: new Array(CELLS).fill(0),
    length: gameLength(setupData && setupData.moves),
  }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    place: ({ G, ctx, playerID }, cell) => {
      const seat = Number(playerID);
      if (refusal(G.cells, Number(ctx.currentPlayer), seat, cell)) return INVALID_MOVE;
      G.cells[cell] = 1 + seat;
    },
  },
  endIf: ({ G, ctx }) => (ctx.turn > G.length ? { draw: true } : undefined),
};

const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 8000;
const server = Server({ games: [Zertz] });
// run() listens on every interface; the benchmark only ever uses loopback.
const listenAll = server.app.listen.bind(server.app);
server.app.listen = (p, done) => listenAll(p, '127.0.0.1', done);
server.run({ port }).then(({ appServer }) => {
  console.log(`boardgame.io listening on 127.0.0.1:${appServer.address().port}`);
});
