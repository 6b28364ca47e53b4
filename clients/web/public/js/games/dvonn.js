// games/dvonn — what the page knows of DVONN beyond what the server lists (games/index.js):
// its board, what the status line adds, and what each player's line shows.

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
      detail.push(h('span', {}, `to place: ${left.D || 0} DVONN, ${left[own] || 0} ${COLOUR_NAMES[own]}`));
    }
    detail.push(h('span', { class: 'score' }, ` score ${st.score[seat - 1]}`));
    return detail;
  },
  moveExample: 'c3, c3e3',
};
