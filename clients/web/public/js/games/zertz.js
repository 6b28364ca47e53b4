// games/zertz — what the page knows of ZÈRTZ beyond what the server lists (games/index.js):
// its board, what the status line adds, what each player's line shows (captures, and how near
// each win condition they are), how a finished game is told, and its rules in short.

import { h } from '../dom.js';
import { ZertzBoard } from '../zertz-board.js';
import { variantOffer } from './index.js';

const COLOUR_NAMES = { W: 'white', G: 'grey', B: 'black' };

// The variant's winning counts from the server's list: { W, G, B, each }.
function goals(st) {
  const v = variantOffer('zertz', st.variant);
  return (v && v.win) || null;
}

// "3/4 white · 2/5 grey · 1/6 black · 1/3 of each": how near each condition a player is.
function progressText(caps, win) {
  const parts = ['W', 'G', 'B'].map((k) => `${caps[k]}/${win[k]} ${COLOUR_NAMES[k]}`);
  parts.push(`${Math.min(caps.W, caps.G, caps.B)}/${win.each} of each`);
  return parts.join(' · ');
}

export const zertz = {
  name: 'zertz',
  createBoard: (opts) => new ZertzBoard(opts),
  // After the room's title: the board's size, since a variant is played on several.
  titleDetail: (st) => ` · ${st.board} rings`,
  statusDetail: (st) => (st.must_capture ? ' — a capture is compulsory' : ''),
  seatTag: (seat) => `player ${seat}`,
  playerDetail(st, seat) {
    const c = st.captured[seat - 1];
    const win = goals(st);
    return [
      h('span', { class: 'caps', 'aria-label': `captured: ${c.W} white, ${c.G} grey, ${c.B} black` },
        'captured ', ['W', 'G', 'B'].map((k) => h('span', { class: 'cap' }, h('span', { class: `dot m-${k}`, 'aria-hidden': 'true' }), ` ${c[k]} `))),
      win ? h('span', { class: 'progress', title: 'captures toward each way to win' }, progressText(c, win)) : null,
    ];
  },
  // Why the winner won, in the words of the rules: "with 4 white marbles".
  endDetail(st) {
    const r = st.result || {};
    if (r.reason === 'win_condition' && r.winner) {
      const c = st.captured[r.winner - 1];
      const win = goals(st);
      if (win) {
        const single = ['W', 'G', 'B'].find((k) => c[k] >= win[k]);
        if (single) return `with ${c[single]} ${COLOUR_NAMES[single]} marbles`;
        return `with ${win.each} marbles of each colour`;
      }
      return 'by captures';
    }
    if (r.reason === 'board_full') return 'by isolating the last rings: the board is gone';
    if (r.reason === 'no_moves') return 'neither player had a marble to place';
    return null;
  },
  moveExample: 'Wd4-a1, Bd1xd3',
  rules: [
    ['Goal', 'Capture 4 white, or 5 grey, or 6 black marbles, or 3 of each colour (blitz: 3, 4, 5 or 2 of each). The marbles belong to nobody: both players take from one pool.'],
    ['Your turn', 'If any jump is possible anywhere, you must capture. Otherwise you place: put a marble of any colour on a vacant ring, then remove one free ring from the edge (a vacant ring that can slide out).'],
    ['Capturing', 'A marble jumps over a neighbouring marble onto the vacant ring behind it; you keep the jumped marble. If the same marble can jump again it must: the whole chain is one turn. Any colour may jump any colour.'],
    ['Isolation', 'When a removal cuts off a group of rings that are all occupied, you take all of its marbles.'],
    ['Pool empty', 'Place from your own captured marbles. If the last ring is filled and claimed, the player who did it wins.'],
    ['End', 'The first player to meet a winning count wins. Three repetitions of one position, or both players unable to place, is a draw.'],
  ],
};
