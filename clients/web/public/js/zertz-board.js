// zertz-board — the ZÈRTZ board as SVG, drawn to scale for every board size, and the clicks
// that make a move. It never decides a rule: the free rings come from the state's
// `removable`, the capture chains from `captures`; a click sequence that the state does not
// list is sent as typed and the server says why not.

import { h, s, clear } from './dom.js';
import { BoardKeys } from './board-keys.js';
import { reducedMotion, arrive, leave, inset } from './board-motion.js';

// zertz-rules.md §1: per column, the height of its lowest ring and its number of rings.
const SHAPES = {
  37: { fc: [3, 2, 1, 0, 1, 2, 3], len: [4, 5, 6, 7, 6, 5, 4] },
  40: { fc: [3, 2, 1, 0, 1, 2, 3, 4], len: [4, 5, 6, 7, 6, 5, 4, 3] },
  43: { fc: [3, 2, 1, 0, 1, 2, 3, 4], len: [4, 5, 6, 7, 7, 6, 5, 3] },
  44: { fc: [3, 2, 1, 0, 1, 2, 3], len: [5, 6, 7, 8, 7, 6, 5] },
  48: { fc: [3, 2, 1, 0, 1, 2, 3, 4], len: [5, 6, 7, 8, 7, 6, 5, 4] },
  61: { fc: [4, 3, 2, 1, 0, 1, 2, 3, 4], len: [5, 6, 7, 8, 9, 8, 7, 6, 5] },
};

const COLOURS = { W: 'white', G: 'grey', B: 'black' };
const GAP = 40;  // distance between neighbouring rings, in SVG units
const PAD = 28;

// Every cell of the start board with its centre: neighbours in a column are GAP apart, so a
// column step is GAP·√3/2 across and half a GAP up or down.
export function zertzLayout(size) {
  const shape = SHAPES[size] || SHAPES[37];
  let top = 0;
  shape.fc.forEach((f, x) => { top = Math.max(top, f + 2 * (shape.len[x] - 1)); });
  const cells = [];
  shape.fc.forEach((f, x) => {
    for (let k = 0; k < shape.len[x]; k++) {
      const height = f + 2 * k;
      cells.push({
        name: String.fromCharCode(97 + x) + (k + 1),
        column: x,
        x: PAD + x * GAP * Math.sqrt(3) / 2,
        y: PAD + (top - height) * GAP / 2,
      });
    }
  });
  return {
    cells,
    width: 2 * PAD + (shape.fc.length - 1) * GAP * Math.sqrt(3) / 2,
    height: 2 * PAD + top * GAP / 2 + 14,
    columns: shape.fc.length,
  };
}

// What a move token did, as cells: a placement's ring and removal, or a capture's path.
function parseMove(token) {
  if (!token) return null;
  const cap = /^[WGB]([a-i]\d)((?:x[a-i]\d)+)$/i.exec(token);
  if (cap) return { path: [cap[1], ...cap[2].split('x').slice(1)].map((c) => c.toLowerCase()) };
  const place = /^[WGB]([a-i]\d)(?:-([a-i]\d))?$/i.exec(token);
  if (place) return { placed: place[1].toLowerCase(), removed: place[2] && place[2].toLowerCase() };
  return null;
}

export class ZertzBoard {
  constructor({ onMove, onHint }) {
    this.onMove = onMove;
    this.onHint = onHint;
    this.keys = new BoardKeys((cell) => this.click(cell), () => this.cancel());
    this.picker = h('div', { class: 'picker', role: 'group', 'aria-label': 'Marble colour' });
    this.figure = h('div', { class: 'board-wrap' });
    this.element = h('div', { class: 'board zertz' }, this.picker, this.figure);
    this.colour = null;
    this.placed = null;  // the ring a marble is being placed on, waiting for the removal
    this.path = [];      // a capture being clicked: the marble, then its landings
    this.ply = -1;
    this.seen = null;    // the state last drawn: {ply, rings}, to animate what changed
    this.animated = 0;   // moves animated so far (data-animated, read by tests)
  }

  update(state, seat) {
    if (state.ply !== this.ply || state.status !== 'playing') {
      this.ply = state.ply;
      this.placed = null;
      this.path = [];
    }
    this.state = state;
    this.seat = seat;
    this.layout = zertzLayout(state.board);
    this.drawPicker();
    this.draw();
    this.hint();
  }

  // The colours the player may take: from the pool, or from their own captures once the pool
  // is empty (zertz-rules.md §4) — both read from the state.
  supply() {
    const pool = this.state.pool || {};
    const poolEmpty = Object.values(pool).every((n) => n === 0);
    if (!poolEmpty || !this.seat) return { from: 'pool', counts: pool };
    return { from: 'your captures', counts: this.state.captured[this.seat - 1] || {} };
  }

  drawPicker() {
    const { from, counts } = this.supply();
    if (this.colour && !(counts[this.colour] > 0)) this.colour = null;
    if (!this.colour) this.colour = ['W', 'G', 'B'].find((c) => counts[c] > 0) || null;
    const player = this.seat && this.state.status === 'playing';
    clear(this.picker).append(
      h('span', { class: 'picker-label' }, from === 'pool' ? 'Pool' : 'From your captures'),
      ...['W', 'G', 'B'].map((c) => h('button', {
        type: 'button',
        class: `marble-button m-${c}`,
        'aria-pressed': player && this.colour === c ? 'true' : 'false',
        disabled: !player || !(counts[c] > 0),
        title: `Place a ${COLOURS[c]} marble`,
        onclick: () => { this.colour = c; this.placed = null; this.drawPicker(); this.draw(); this.hint(); },
      }, h('span', { class: `dot m-${c}`, 'aria-hidden': 'true' }), ` ${COLOURS[c]} ${counts[c] ?? 0}`)));
  }

  // Cells the next click may usefully pick, from the state's lists.
  targets() {
    const st = this.state;
    const out = new Set();
    if (!this.seat || st.status !== 'playing' || st.to_move !== this.seat) return out;
    if (st.must_capture) {
      for (const chain of st.captures) {
        if (this.path.every((c, i) => chain[i] === c) && chain.length > this.path.length) {
          out.add(chain[this.path.length]);
        }
      }
    } else if (this.placed) {
      for (const c of st.removable) if (c !== this.placed) out.add(c);
    }
    // Placing: any vacant ring will do, so none is singled out (hovering shows where).
    return out;
  }

  click(cell) {
    const st = this.state;
    if (!st || !this.seat || st.status !== 'playing') return;
    const marble = st.rings[cell];
    if (this.path.length > 0) {
      if (cell === this.path[this.path.length - 1] && this.path.length === 1) return this.cancel();
      this.path.push(cell);
      const whole = st.captures.some((ch) => ch.length === this.path.length && ch.every((c, i) => c === this.path[i]));
      const prefix = st.captures.some((ch) => ch.length > this.path.length && this.path.every((c, i) => ch[i] === c));
      if (whole || !prefix) return this.send(this.captureToken());
      return this.redraw();
    }
    if (st.must_capture && marble) {
      this.path = [cell];
      return this.redraw();
    }
    if (this.placed) {
      if (cell === this.placed) return this.cancel();
      return this.send(`${this.colour}${this.placed}-${cell}`);
    }
    if (!this.colour) return;
    if (marble !== '' || st.removable.every((c) => c === cell)) {
      // Nowhere to remove after this placement (or not a vacant ring): the move is complete,
      // and the server judges it.
      return this.send(`${this.colour}${cell}`);
    }
    this.placed = cell;
    return this.redraw();
  }

  captureToken() {
    const first = this.state.rings[this.path[0]] || 'W';
    return `${first || 'W'}${this.path.join('x')}`;
  }

  send(token) {
    this.placed = null;
    this.path = [];
    this.redraw();
    this.onMove(token);
  }

  cancel() {
    this.placed = null;
    this.path = [];
    this.redraw();
  }

  redraw() {
    this.draw();
    this.hint();
  }

  hint() {
    const st = this.state;
    if (!this.seat || st.status !== 'playing') return this.onHint('');
    if (st.to_move !== this.seat) return this.onHint('');
    if (st.must_capture) {
      const chains = st.captures.map((ch) => `${st.rings[ch[0]]}${ch.join('x')}`).join(', ');
      return this.onHint(this.path.length
        ? `Capture: click where the marble on ${this.path.join(' → ')} lands next. Chains: ${chains}`
        : `You must capture. Click a marble, then its landing rings. Chains: ${chains}`);
    }
    if (this.placed) return this.onHint(`Now click a free ring to remove (highlighted); click ${this.placed} again to cancel.`);
    if (this.colour) return this.onHint(`Click a vacant ring to place a ${COLOURS[this.colour]} marble.`);
    return this.onHint('Pick a marble colour.');
  }

  draw() {
    const st = this.state;
    const hadFocus = this.figure.contains(document.activeElement);
    const targets = this.targets();
    const last = st.last_move ? parseMove(st.last_move.move) : null;
    const isolated = new Set((st.last_move && st.last_move.isolated) || []);
    const removedNow = st.last_move && st.last_move.removed;
    const { cells, width, height } = this.layout;
    const at = new Map(cells.map((c) => [c.name, c]));
    const svg = s('svg', {
      viewBox: `0 0 ${width.toFixed(1)} ${height.toFixed(1)}`,
      class: 'board-svg',
      role: 'group',
      'aria-label': `ZÈRTZ, ${st.board} rings`,
    });
    const map = new Map();
    const starts = new Set(st.must_capture ? st.captures.map((ch) => ch[0]) : []);
    for (const c of cells) {
      const v = st.rings[c.name];
      const onBoard = v !== undefined;
      const classes = ['cell'];
      let label;
      if (!onBoard) {
        classes.push('gone');
        if (c.name === removedNow) classes.push('just-removed');
        if (isolated.has(c.name)) classes.push('just-isolated');
        label = `${c.name} no ring${c.name === removedNow ? ', taken off just now' : ''}${isolated.has(c.name) ? ', isolated just now' : ''}`;
      } else if (v === '') {
        const free = st.removable.includes(c.name);
        label = `${c.name} vacant ring${free ? ', free' : ''}`;
        if (free) classes.push('free');
      } else {
        label = `${c.name} ${COLOURS[v]} marble`;
      }
      if (targets.has(c.name)) { classes.push('target'); label += ', a choice now'; }
      if (starts.has(c.name) && this.path.length === 0) classes.push('target');
      if (this.placed === c.name || this.path.includes(c.name)) classes.push('selected');
      if (last && (last.placed === c.name || (last.path && last.path[last.path.length - 1] === c.name))) {
        classes.push('last');
        label += ', just played';
      }
      const g = s('g', {
        class: classes.join(' '),
        'data-cell': c.name,
        role: 'button',
        'aria-label': label,
        transform: `translate(${c.x.toFixed(1)} ${c.y.toFixed(1)})`,
        onclick: () => this.click(c.name),
      });
      g.append(s('circle', { class: 'hit', r: GAP / 2 }));
      g.append(s('circle', { class: 'ring', r: GAP * 0.4 }));
      if (onBoard && v === '') g.append(s('text', { class: 'coord', y: 4, 'aria-hidden': 'true' }, c.name));
      const shown = this.placed === c.name ? this.colour : v;
      if (shown) {
        g.append(s('circle', { class: `marble m-${shown}${this.placed === c.name ? ' ghost' : ''}`, 'data-marble': c.name, r: GAP * 0.29 }));
      }
      svg.append(g);
      map.set(c.name, { el: g, x: c.x, y: c.y });
    }
    // Column letters under the board.
    const bottom = new Map();
    for (const c of cells) bottom.set(c.column, Math.max(bottom.get(c.column) || 0, c.y));
    for (const c of cells) {
      if (c.name.endsWith('1')) {
        svg.append(s('text', { class: 'axis', x: c.x, y: c.y + GAP * 0.5 + 12, 'aria-hidden': 'true' }, c.name[0]));
      }
    }
    // Paths: the capture chains on offer, and the last capture.
    const paths = [];
    if (st.must_capture && st.status === 'playing') {
      for (const ch of st.captures) {
        if (this.path.every((c, i) => ch[i] === c)) paths.push({ cells: ch, cls: 'chain' });
      }
    }
    if (last && last.path) paths.push({ cells: last.path, cls: 'last-path' });
    for (const p of paths) {
      // The last capture's arrow starts and ends beside the marbles, not on them.
      const cellsOf = p.cells.map((n) => at.get(n)).filter(Boolean);
      const pts = (p.cls === 'last-path' ? inset(cellsOf, GAP * 0.32) : cellsOf).map((c) => `${c.x.toFixed(1)},${c.y.toFixed(1)}`);
      svg.append(s('polyline', { class: p.cls, points: pts.join(' '), 'aria-hidden': 'true', 'marker-end': `url(#z-${p.cls})` }));
    }
    svg.prepend(s('defs', {}, ['chain', 'last-path'].map((cls) => s('marker', {
      id: `z-${cls}`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 12, markerHeight: 12,
      markerUnits: 'userSpaceOnUse', orient: 'auto',
    }, s('path', { d: 'M0,0 L10,5 L0,10 z', class: `arrow-head ${cls}-head` })))));
    clear(this.figure).append(svg);
    this.animate(svg, map, last);
    this.keys.attach(svg, map, cells[Math.floor(cells.length / 2)].name);
    this.keys.refocus(hadFocus);
  }

  // The move just made, shown moving: a placed marble grows in, a capturing marble slides from
  // where it started, and the marbles taken (jumped, or claimed by isolation) fade away. Only
  // a move seen arriving, one ply after the last state drawn, and never for a user who asked
  // for less motion.
  animate(svg, map, last) {
    const st = this.state;
    const before = this.seen;
    this.seen = { ply: st.ply, rings: { ...st.rings } };
    this.figure.dataset.animated = String(this.animated);
    if (!before || st.ply !== before.ply + 1 || !last || reducedMotion()) return;
    this.animated += 1;
    this.figure.dataset.animated = String(this.animated);
    const end = last.path ? last.path[last.path.length - 1] : last.placed;
    const marble = svg.querySelector(`[data-marble="${end}"]`);
    if (last.path) {
      const from = map.get(last.path[0]);
      const to = map.get(end);
      if (from && to) arrive(marble, from.x - to.x, from.y - to.y);
    } else {
      arrive(marble);
    }
    for (const [name, v] of Object.entries(before.rings)) {
      if (!v || st.rings[name] || (last.path && name === last.path[0])) continue;
      const at = map.get(name);
      if (at) leave(svg, at.x, at.y, () => s('circle', { class: `marble m-${v}`, r: GAP * 0.29 }));
    }
  }
}
