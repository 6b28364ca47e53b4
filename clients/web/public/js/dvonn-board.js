// dvonn-board — the DVONN board as SVG and the clicks that make a move: in the placing phase
// a click on a cell places; in the moving phase a click on a stack and then on its target.
// Legal targets come only from the state's `legal` list; a click sequence it does not list
// is sent as typed and the server says why not.

import { h, s, clear } from './dom.js';
import { BoardKeys } from './board-keys.js';

const GAP = 44;  // distance between neighbouring cells
const PAD = 30;
const ROW_STEP = GAP * Math.sqrt(3) / 2;
const PIECE = { W: 'white', B: 'black', D: 'DVONN' };

// dvonn-rules.md §1: column a..k (c = 0..10), row 1..5 (r = 0..4), cells with −2 ≤ c − r ≤ 8;
// cell (c, r) sits 2c − r half-steps across, so each row is straight and columns lean.
export function dvonnLayout() {
  const cells = [];
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 11; c++) {
      if (c - r < -2 || c - r > 8) continue;
      cells.push({
        name: String.fromCharCode(97 + c) + (r + 1),
        x: PAD + (2 * c - r + 2) * GAP / 2,
        y: PAD + (4 - r) * ROW_STEP,
      });
    }
  }
  return { cells, width: 2 * PAD + 10 * GAP, height: 2 * PAD + 4 * ROW_STEP };
}

function describe(stack) {
  if (!stack) return 'empty';
  const top = PIECE[stack[stack.length - 1]] || stack[stack.length - 1];
  const dvonn = stack.length > 1 && stack.includes('D') ? ' with a DVONN piece' : '';
  return stack.length === 1 ? `${top} piece` : `stack of ${stack.length}, ${top} on top${dvonn}`;
}

export class DvonnBoard {
  constructor({ onMove, onHint }) {
    this.onMove = onMove;
    this.onHint = onHint;
    this.keys = new BoardKeys((cell) => this.click(cell), () => this.cancel());
    this.figure = h('div', { class: 'board-wrap' });
    this.element = h('div', { class: 'board dvonn' }, this.figure);
    this.from = null;  // the stack picked to move
    this.ply = -1;
    this.layout = dvonnLayout();
  }

  update(state, seat) {
    if (state.ply !== this.ply) {
      this.ply = state.ply;
      this.from = null;
    }
    this.state = state;
    this.seat = seat;
    this.draw();
    this.hint();
  }

  myTurn() {
    const st = this.state;
    return this.seat && st.status === 'playing' && st.to_move === this.seat;
  }

  targets() {
    const out = new Set();
    if (!this.myTurn()) return out;
    const legal = this.state.legal || [];
    if (this.state.phase === 'placement') {
      for (const m of legal) out.add(m);
    } else if (this.from) {
      for (const m of legal) if (m.length === 4 && m.startsWith(this.from)) out.add(m.slice(2));
    } else {
      for (const m of legal) if (m.length === 4) out.add(m.slice(0, 2));
    }
    return out;
  }

  click(cell) {
    const st = this.state;
    if (!st || !this.seat || st.status !== 'playing') return;
    if (st.phase === 'placement') return this.send(cell);
    if (!this.from) {
      this.from = cell;
      return this.redraw();
    }
    if (cell === this.from) return this.cancel();
    return this.send(this.from + cell);
  }

  send(token) {
    this.from = null;
    this.redraw();
    this.onMove(token);
  }

  cancel() {
    this.from = null;
    this.redraw();
  }

  redraw() {
    this.draw();
    this.hint();
  }

  hint() {
    if (!this.myTurn()) return this.onHint('');
    if (this.state.phase === 'placement') {
      const left = this.state.to_place[this.seat - 1] || {};
      const next = left.D > 0 ? 'a DVONN piece' : 'one of your pieces';
      return this.onHint(`Click an empty cell to place ${next} (highlighted cells are free).`);
    }
    if (this.from) return this.onHint(`Click where the stack on ${this.from} goes; click it again to cancel.`);
    return this.onHint('Click one of your stacks that can move (highlighted), then its target.');
  }

  draw() {
    const st = this.state;
    const hadFocus = this.figure.contains(document.activeElement);
    const targets = this.targets();
    const lm = st.last_move;
    const lastCells = lm && /^[a-k][1-5]([a-k][1-5])?$/.test(lm.move) ? [lm.move.slice(0, 2), lm.move.slice(2)].filter(Boolean) : [];
    const removed = (lm && lm.removed) || {};
    const { cells, width, height } = this.layout;
    const svg = s('svg', {
      viewBox: `0 0 ${width.toFixed(1)} ${height.toFixed(1)}`,
      class: 'board-svg',
      role: 'group',
      'aria-label': 'DVONN cells',
    });
    svg.append(s('polygon', {
      class: 'dvonn-field',
      points: ['a1', 'i1', 'k3', 'k5', 'c5', 'a3'].map((n) => {
        const c = cells.find((x) => x.name === n);
        return `${c.x.toFixed(1)},${c.y.toFixed(1)}`;
      }).join(' '),
      'aria-hidden': 'true',
    }));
    const map = new Map();
    for (const c of cells) {
      const stack = st.stacks[c.name] || '';
      const classes = ['cell'];
      let label = `${c.name} ${describe(stack)}`;
      if (targets.has(c.name)) { classes.push('target'); label += ', a choice now'; }
      if (this.from === c.name) classes.push('selected');
      if (lastCells.includes(c.name)) { classes.push('last'); label += ', just played'; }
      if (removed[c.name]) { classes.push('just-removed'); label += `, cut off just now (${describe(removed[c.name])})`; }
      const g = s('g', {
        class: classes.join(' '),
        'data-cell': c.name,
        role: 'button',
        'aria-label': label,
        transform: `translate(${c.x.toFixed(1)} ${c.y.toFixed(1)})`,
        onclick: () => this.click(c.name),
      });
      g.append(s('circle', { class: 'hit', r: GAP / 2 }));
      g.append(s('circle', { class: 'spot', r: GAP * 0.4 }));
      if (stack) {
        const top = stack[stack.length - 1];
        g.append(s('circle', { class: `piece p-${top}`, r: GAP * 0.34 }));
        if (top !== 'D' && stack.includes('D')) g.append(s('circle', { class: 'has-dvonn', r: GAP * 0.22 }));
        if (stack.length > 1) g.append(s('text', { class: `height p-${top}`, y: 5, 'aria-hidden': 'true' }, String(stack.length)));
      } else if (removed[c.name]) {
        g.append(s('circle', { class: 'ghost-piece', r: GAP * 0.34 }));
      } else {
        g.append(s('text', { class: 'coord', y: 4, 'aria-hidden': 'true' }, c.name));
      }
      svg.append(g);
      map.set(c.name, { el: g, x: c.x, y: c.y });
    }
    if (lastCells.length === 2) {
      const [a, b] = lastCells.map((n) => cells.find((x) => x.name === n));
      svg.append(s('line', { class: 'last-path', x1: a.x, y1: a.y, x2: b.x, y2: b.y, 'aria-hidden': 'true', 'marker-end': 'url(#d-last-path)' }));
    }
    svg.prepend(s('defs', {}, s('marker', {
      id: 'd-last-path', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 12, markerHeight: 12,
      markerUnits: 'userSpaceOnUse', orient: 'auto',
    }, s('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow-head' }))));
    clear(this.figure).append(svg);
    this.keys.attach(svg, map, 'f3');
    this.keys.refocus(hadFocus);
  }
}
