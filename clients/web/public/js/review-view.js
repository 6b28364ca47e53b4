// review-view — the board at any ply of a room, live or finished. The page knows no rules, so
// the positions come from the server (`GET /api/rooms/ROOM/positions`, docs/protocol.md); this
// module fetches them, steps through them (the move list, ←/→, Home/End, the buttons) and
// tells the room view which state to draw. While a past ply is shown the live game goes on
// underneath (the move list and the clocks keep updating) and the board takes no moves.

import { h } from './dom.js';

export class ReviewView {
  // `room` is the RoomView: its mirror, board, move list and render() are used as they are.
  constructor(room) {
    this.room = room;
    this.ply = null;         // the ply shown, or null for the live position
    this.data = null;        // the last positions answer
    this.loading = null;     // the fetch under way, if any
    this.position = h('span', { class: 'review-where', 'aria-live': 'polite' });
    const button = (label, title, step) => h('button', {
      type: 'button', title, 'aria-label': title, onclick: () => this.step(step),
    }, label);
    this.live = h('button', { type: 'button', class: 'primary review-live', onclick: () => this.show(null) },
      'Back to the live position');
    this.bar = h('div', { class: 'review-bar', role: 'group', 'aria-label': 'Review' },
      button('|◀', 'First position', 'first'), button('◀', 'Step back', 'prev'),
      this.position,
      button('▶', 'Step forward', 'next'), button('▶|', 'Last position', 'last'),
      this.live);
    // The move list: one listener for every entry, present and to come.
    room.moves.addEventListener('click', (ev) => {
      const li = ev.target.closest('li[data-ply]');
      if (li) this.show(Number(li.dataset.ply) + 1);
    });
    room.moves.addEventListener('keydown', (ev) => {
      const li = ev.target.closest('li[data-ply]');
      if (li && (ev.key === 'Enter' || ev.key === ' ')) {
        ev.preventDefault();
        this.show(Number(li.dataset.ply) + 1);
      }
    });
    this.onKey = (ev) => this.key(ev);
    document.addEventListener('keydown', this.onKey);
  }

  dispose() {
    document.removeEventListener('keydown', this.onKey);
  }

  get active() {
    return this.ply !== null;
  }

  // The number of plies the live game has.
  liveLength() {
    const m = this.room.mirror;
    return m && m.state ? m.state.history.length : 0;
  }

  key(ev) {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    // Typing, and the board's own arrow keys (moving between cells), come first.
    const t = ev.target;
    if (t instanceof Element && (t.closest('input, textarea, select') || t.isContentEditable)) return;
    if (!this.room.element.isConnected) return;
    const steps = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' };
    const step = steps[ev.key];
    if (!step) return;
    if (ev.key.startsWith('Arrow') && t instanceof Element && t.closest('svg')) return;
    ev.preventDefault();
    this.step(step);
  }

  step(step) {
    const n = this.liveLength();
    const at = this.ply === null ? n : this.ply;
    const to = { first: 0, prev: at - 1, next: at + 1, last: n }[step];
    this.show(Math.max(0, Math.min(n, to)));
  }

  // Shows ply `ply` (0: the first position); the last ply of the live game, or null, is live.
  show(ply) {
    const n = this.liveLength();
    this.ply = ply === null || ply >= n ? null : ply;
    if (this.ply !== null && !(this.data && this.data.positions.length > this.ply)) {
      this.fetch();
    }
    this.room.render();
  }

  fetch() {
    if (this.loading) return;
    const app = this.room.app;
    const url = `${app.httpBase}/api/rooms/${encodeURIComponent(this.room.room)}/positions`;
    this.loading = fetch(url, { cache: 'no-store' })
      .then((res) => {
        if (!res.ok) throw new Error(`the server could not give this game's positions (HTTP ${res.status})`);
        return res.json();
      })
      .then((data) => { this.data = data; })
      .catch((err) => { this.room.showError(err.message); this.ply = null; })
      .finally(() => {
        this.loading = null;
        if (this.room.element.isConnected) this.room.render();
      });
  }

  // The state to draw: the live one, or the reviewed ply's (null while it is being fetched).
  state(live) {
    if (this.ply === null) return live;
    const d = this.data;
    if (!d || d.positions.length <= this.ply) return null;
    // Each position comes without the history (the answer gives it once): the ply's share.
    return Object.assign({}, d.positions[this.ply], {
      history: d.history.slice(0, this.ply), history_by: d.history_by.slice(0, this.ply),
    });
  }

  // Draws the board (from RoomView.render) and marks the reviewed ply in the move list.
  draw(live, seat) {
    const n = live.history.length;
    if (this.ply !== null && this.ply >= n) this.ply = null;
    const shown = this.state(live);
    const reviewing = this.ply !== null;
    this.room.element.classList.toggle('reviewing', reviewing);
    // A past position takes no clicks: it is drawn as a spectator sees it.
    if (shown) this.room.board.update(shown, reviewing ? null : seat);
    for (const el of this.room.moveForm.elements) el.disabled = reviewing;
    const finished = live.status === 'finished';
    this.bar.hidden = n === 0;
    this.live.hidden = !reviewing;
    this.live.textContent = finished ? 'Back to the final position' : 'Back to the live position';
    const where = reviewing ? this.ply : n;
    this.position.textContent = !reviewing
      ? `${finished ? 'Final position' : 'Live'} · move ${n} of ${n}`
      : shown ? `Move ${where} of ${n}${finished ? '' : ' (the game goes on)'}` : 'Loading…';
    for (const li of this.room.moves.children) {
      li.tabIndex = 0;
      const current = reviewing && Number(li.dataset.ply) === this.ply - 1;
      li.classList.toggle('shown', current);
      if (current) li.setAttribute('aria-current', 'step'); else li.removeAttribute('aria-current');
    }
  }
}
