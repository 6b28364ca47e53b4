// board-keys — keyboard use of an SVG board: one cell is in the tab order at a time (a
// "roving tabindex"); the arrow keys move to the nearest cell that way, Enter or Space
// clicks it, Escape cancels what was being chosen.

const DIRECTIONS = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export class BoardKeys {
  constructor(onActivate, onCancel) {
    this.onActivate = onActivate;
    this.onCancel = onCancel;
    this.current = null;  // the cell name that holds the tab stop
  }

  // Call after drawing: `cells` maps name -> {el, x, y}.
  attach(svg, cells, fallback) {
    this.cells = cells;
    if (!this.current || !cells.has(this.current)) this.current = fallback;
    for (const [name, c] of cells) {
      c.el.setAttribute('tabindex', name === this.current ? '0' : '-1');
      c.el.addEventListener('focus', () => this.take(name));
    }
    svg.addEventListener('keydown', (ev) => this.key(ev));
  }

  take(name) {
    if (this.current === name) return;
    const old = this.cells.get(this.current);
    if (old) old.el.setAttribute('tabindex', '-1');
    this.current = name;
    this.cells.get(name).el.setAttribute('tabindex', '0');
  }

  key(ev) {
    const name = ev.target.closest && ev.target.closest('[data-cell]')?.dataset.cell;
    if (!name) return;
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      this.onActivate(name);
    } else if (ev.key === 'Escape') {
      this.onCancel();
    } else if (DIRECTIONS[ev.key]) {
      ev.preventDefault();
      const next = this.nearest(name, DIRECTIONS[ev.key]);
      if (next) {
        this.take(next);
        this.cells.get(next).el.focus();
      }
    }
  }

  // The closest cell whose direction from `name` is within 60° of (dx, dy).
  nearest(name, [dx, dy]) {
    const from = this.cells.get(name);
    let best = null;
    let bestScore = Infinity;
    for (const [other, c] of this.cells) {
      if (other === name) continue;
      const vx = c.x - from.x;
      const vy = c.y - from.y;
      const along = vx * dx + vy * dy;
      const dist = Math.hypot(vx, vy);
      if (along <= 0 || along < dist * 0.5) continue;
      const score = dist + (dist - along) * 2;
      if (score < bestScore) {
        bestScore = score;
        best = other;
      }
    }
    return best;
  }

  // After a redraw, put the focus back on the cell that had it.
  refocus(hadFocus) {
    if (hadFocus && this.cells.has(this.current)) this.cells.get(this.current).el.focus();
  }
}
