// games/dvonn — what the page knows of DVONN beyond what the server lists (games/index.js):
// its board, what the status line adds, what each player's line shows (pieces left to place,
// and the score, said as what it is), how a finished game is told, and its rules in short.

import { h } from '../dom.js';
import { DvonnBoard } from '../dvonn-board.js';

const COLOUR_NAMES = { W: 'white', B: 'black', D: 'DVONN' };

export const dvonn = {
  name: 'dvonn',
  createBoard: (opts) => new DvonnBoard(opts),
  titleDetail: () => '',  // one board only
  statusDetail: (st) => (st.phase === 'placement' ? ` — placing (${st.placed} of 49 down)` : ' — moving stacks'),
  seatTag: (seat) => (seat === 1 ? 'white' : 'black'),
  playerDetail(st, seat) {
    const detail = [];
    if (st.phase === 'placement') {
      const left = st.to_place[seat - 1] || {};
      const own = seat === 1 ? 'W' : 'B';
      detail.push(h('span', {}, `to place: ${left.D || 0} DVONN, ${left[own] || 0} ${COLOUR_NAMES[own]} · `));
    }
    detail.push(h('span', { class: 'score', title: 'the higher total wins when nobody can move' },
      `${st.score[seat - 1]} in stacks you control`));
    return detail;
  },
  endDetail(st) {
    const r = st.result || {};
    if (r.reason !== 'no_moves' || !Array.isArray(st.score)) return null;
    const [a, b] = st.score;
    const first = r.winner === 2 ? [b, a] : [a, b];
    return `${first[0]}–${first[1]} in controlled height (the pieces in stacks topped by each colour)`;
  },
  moveExample: 'f3 to place, c3e3 to move',
  rules: [
    ['Goal', 'When nobody can move, the player whose colour tops the most pieces wins: your score is the height of the stacks you control (white is player 1, black player 2).'],
    ['Placing', 'Players take turns putting one piece on any empty cell: first the three red DVONN pieces, then their own colour, until all 49 cells are full.'],
    ['Moving', 'Move one of your stacks in a straight line exactly as many cells as it is high, onto another stack (any colour). A stack surrounded on all six sides cannot move; a lone DVONN piece never moves.'],
    ['Cut off', 'After every move, every stack no longer connected (through touching stacks) to a red DVONN piece leaves the game, whoever owns it.'],
    ['Passing', 'A player with no move passes; the game ends when neither can move.'],
  ],
};
