// dvonn-board — the DVONN board as SVG and the clicks that make a move: in the placing phase
// a click on a cell places; in the moving phase a click on a stack and then on its target.
// Legal targets come only from the state's `legal` list; a click sequence it does not list
// is sent as typed and the server says why not.

import { h, s, clear } from './dom.js';
import { BoardKeys } from './board-keys.js';
import { reducedMotion, arrive, leave, inset } from './board-motion.js';

const GAP = 44;  // distance between neighbouring cells
const PAD = 40;  // room for the coordinates on the edges
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
        c,
        r,
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
    this.seen = null;      // the state last drawn: {ply, stacks}, to animate what changed
    this.animated = 0;     // moves animated so far (data-animated, read by tests)
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
        const piece = s('g', { class: 'stack' }, s('circle', { class: `piece p-${top}`, r: GAP * 0.34 }));
        if (top !== 'D' && stack.includes('D')) piece.append(s('circle', { class: 'has-dvonn', r: GAP * 0.22 }));
        if (stack.length > 1) piece.append(s('text', { class: `height p-${top}`, y: 5, 'aria-hidden': 'true' }, String(stack.length)));
        g.append(piece);
      } else if (removed[c.name]) {
        g.append(s('circle', { class: 'ghost-piece', r: GAP * 0.34 }));
      } else {
        g.append(s('text', { class: 'coord', y: 4, 'aria-hidden': 'true' }, c.name));
      }
      svg.append(g);
      map.set(c.name, { el: g, x: c.x, y: c.y });
    }
    this.drawEdges(svg);
    if (lastCells.length === 2) {
      // Between the two stacks, not over them: the heights stay readable.
      const [a, b] = inset(lastCells.map((n) => cells.find((x) => x.name === n)), GAP * 0.36);
      svg.append(s('line', { class: 'last-path', x1: a.x.toFixed(1), y1: a.y.toFixed(1), x2: b.x.toFixed(1), y2: b.y.toFixed(1), 'aria-hidden': 'true', 'marker-end': 'url(#d-last-path)' }));
    }
    svg.prepend(s('defs', {}, s('marker', {
      id: 'd-last-path', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 12, markerHeight: 12,
      markerUnits: 'userSpaceOnUse', orient: 'auto',
    }, s('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow-head' }))));
    clear(this.figure).append(svg);
    // On a narrow screen the board is wider than its frame: start from its middle.
    if (!this.centred && this.figure.scrollWidth > this.figure.clientWidth) {
      this.centred = true;
      this.figure.scrollLeft = (this.figure.scrollWidth - this.figure.clientWidth) / 2;
    }
    this.animate(svg, map);
    this.keys.attach(svg, map, 'f3');
    this.keys.refocus(hadFocus);
  }

  // Column letters along the bottom and top edges (a–i under row 1, c–k over row 5, as the
  // columns lean) and row numbers at both ends of each row, as a printed board has them: a
  // full board, whose cells show no names, can still be read.
  drawEdges(svg) {
    const label = (x, y, text) => svg.append(s('text', { class: 'axis edge', x: x.toFixed(1), y: (y + 4).toFixed(1), 'aria-hidden': 'true' }, text));
    const rows = new Map();
    for (const cell of this.layout.cells) {
      if (cell.r === 0) label(cell.x, cell.y + 0.78 * ROW_STEP, cell.name[0]);
      if (cell.r === 4) label(cell.x, cell.y - 0.78 * ROW_STEP, cell.name[0]);
      const row = rows.get(cell.r) || { left: cell, right: cell };
      if (cell.c < row.left.c) row.left = cell;
      if (cell.c > row.right.c) row.right = cell;
      rows.set(cell.r, row);
    }
    for (const [r, { left, right }] of rows) {
      label(left.x - 0.75 * GAP, left.y, String(r + 1));
      label(right.x + 0.75 * GAP, right.y, String(r + 1));
    }
  }

  // The move just made, shown moving: the stack slides in from where it left (or a placed
  // piece grows in), and the stacks it cut off fade away. Only a move seen arriving, one ply
  // after the last state drawn, and never for a user who asked for less motion.
  animate(svg, map) {
    const st = this.state;
    const before = this.seen;
    this.seen = { ply: st.ply, stacks: { ...st.stacks } };
    this.figure.dataset.animated = String(this.animated);
    if (!before || st.ply !== before.ply + 1 || !st.last_move || reducedMotion()) return;
    const move = st.last_move.move;
    if (!/^[a-k][1-5]([a-k][1-5])?$/.test(move)) return;
    this.animated += 1;
    this.figure.dataset.animated = String(this.animated);
    const to = map.get(move.slice(-2));
    const piece = to && to.el.querySelector('.stack');
    if (move.length === 4) {
      const from = map.get(move.slice(0, 2));
      if (from && piece) arrive(piece, from.x - to.x, from.y - to.y);
    } else if (piece) {
      arrive(piece);
    }
    for (const [name, stack] of Object.entries(before.stacks)) {
      if (st.stacks[name] || name === move.slice(0, 2)) continue;
      const at = map.get(name);
      if (!at) continue;
      const top = stack[stack.length - 1];
      leave(svg, at.x, at.y, () => s('circle', { class: `piece p-${top}`, r: GAP * 0.34 }));
    }
  }
}
