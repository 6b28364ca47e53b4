'use strict';
// The state both peers host: a 37-cell ZÈRTZ-shaped board (rings 4-5-6-7-6-5-4), a ball placed
// per move, the mover and the cell checked. A game lasts a fixed number of moves (the room's
// `moves` option) so that peers and Ringside play games of the same length.

const CELLS = 37;

// Why a move is refused, or null when it is legal.
function refusal(cells, toMove, seat, cell) {
  if (seat !== toMove) return 'not_your_turn';
  if (!Number.isInteger(cell) || cell < 0 || cell >= CELLS) return 'bad_cell';
  if (cells[cell] !== 0) return 'cell_taken';
  return null;
}

// The game length asked for, bounded by the board (one ball per cell).
function gameLength(moves) {
  const n = Number(moves);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, CELLS) : 31;
}

module.exports = { CELLS, refusal, gameLength };
