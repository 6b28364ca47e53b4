// games/zertz — what the page knows of ZÈRTZ beyond what the server lists (games/index.js):
// its board, what the status line adds, and what each player's line shows.

import { h } from '../dom.js';
import { ZertzBoard } from '../zertz-board.js';

export const zertz = {
  name: 'zertz',
  createBoard: (opts) => new ZertzBoard(opts),
  // After the room's title: the board's size, since a variant is played on several.
  titleDetail: (st) => ` · ${st.board} rings`,
  statusDetail: (st) => (st.must_capture ? ' — a capture is compulsory' : ''),
  seatTag: (seat) => `player ${seat}`,
  playerDetail(st, seat) {
    const c = st.captured[seat - 1];
    return [h('span', { class: 'caps', 'aria-label': `captured: ${c.W} white, ${c.G} grey, ${c.B} black` },
      'captured ', ['W', 'G', 'B'].map((k) => h('span', { class: 'cap' }, h('span', { class: `dot m-${k}`, 'aria-hidden': 'true' }), ` ${c[k]} `)))];
  },
  moveExample: 'Wd4-a1, Bd1xd3',
};
