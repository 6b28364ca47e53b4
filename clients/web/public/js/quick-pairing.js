// quick-pairing — one click seeks a common game (the first person seeking the same one is
// paired with us at once, or we wait); while we wait, "Waiting for an opponent… Cancel". Also
// the others' open seeks (a click seeks the same, which pairs) and the lobby's counts.

import { h, clear } from './dom.js';
import { offerOf, titleOf } from './games/index.js';

// The common games, one button each; a game the server does not play has no button.
export const QUICK_SEEKS = [
  { label: 'ZÈRTZ blitz 5+3', seek: { game: 'zertz', variant: 'blitz', clock: { initial_s: 300, increment_s: 3 } } },
  { label: 'ZÈRTZ 37 rated 10+5', seek: { game: 'zertz', variant: 'standard', board: 37, rated: true, clock: { initial_s: 600, increment_s: 5 } } },
  { label: 'DVONN 15+10', seek: { game: 'dvonn', variant: 'standard', clock: { initial_s: 900, increment_s: 10 } } },
];

function seekText(s) {
  const clock = s.clock ? `${s.clock.initial_s / 60}+${s.clock.increment_s}` : 'untimed';
  return `${titleOf(s.game)} ${s.variant} ${s.board} · ${clock}${s.rated ? ' · rated' : ''}`;
}

export class QuickPairing {
  constructor(app) {
    this.app = app;
    this.waiting = new Map();  // our open seek ids -> their description
    this.buttons = h('div', { class: 'quick-buttons' });
    this.status = h('div', { class: 'quick-status', role: 'status', 'aria-live': 'polite' });
    this.error = h('p', { class: 'error', role: 'alert' });
    this.counts = h('p', { class: 'muted lobby-counts', 'data-counts': '' });
    this.others = h('div', { class: 'open-seeks' });
    this.element = h('section', { class: 'panel quick', 'aria-labelledby': 'quick-title' },
      h('h2', { id: 'quick-title' }, 'Quick pairing'), this.counts, this.buttons, this.status,
      this.error, this.others);
    this.renderButtons();
  }

  renderButtons() {
    const offered = QUICK_SEEKS.filter((q) => offerOf(q.seek.game));
    clear(this.buttons).append(...offered.map((q) =>
      h('button', { type: 'button', class: 'primary', 'data-quick': q.label, onclick: () => this.seek(q.seek) }, q.label)));
  }

  seek(msg) {
    this.error.textContent = '';
    this.app.conn.request({ type: 'seek', ...msg }).then((answer) => {
      if (answer.type === 'seeking') {
        this.waiting.set(answer.seek.seek, answer.seek);
        this.renderStatus();
      }
      // `paired`: the app moves to the room once its `joined` (next on the link) arrives.
      if (answer.type === 'paired') this.app.pairedRoom = answer.room;
    }, (err) => { this.error.textContent = err.message; });
  }

  cancel(id) {
    this.app.conn.request({ type: 'cancel_seek', seek: id }).then(() => {}, () => {});
    this.waiting.delete(id);
    this.renderStatus();
  }

  // One of ours met another (told by the server without a request of ours to answer).
  paired(msg) {
    this.waiting.delete(msg.seek);
    this.renderStatus();
  }

  renderStatus() {
    clear(this.status);
    for (const [id, s] of this.waiting) {
      this.status.append(h('p', { class: 'seeking', 'data-seek': id },
        `Waiting for an opponent… (${seekText(s)}) `,
        h('button', { type: 'button', onclick: () => this.cancel(id) }, 'Cancel')));
    }
  }

  // The lobby's refresh: the open seeks and the counts.
  async refresh() {
    const list = await this.app.conn.request({ type: 'list_seeks' });
    this.counts.textContent = `${list.online} online · ${list.playing} game${list.playing === 1 ? '' : 's'} being played`;
    // A seek of ours the server no longer holds was paired or withdrawn (a reconnect).
    const open = new Set(list.seeks.map((s) => s.seek));
    for (const id of [...this.waiting.keys()]) if (!open.has(id) && list.total <= list.seeks.length) this.waiting.delete(id);
    this.renderStatus();
    const theirs = list.seeks.filter((s) => !this.waiting.has(s.seek));
    clear(this.others);
    if (theirs.length === 0) return;
    this.others.append(h('h3', {}, 'Open seeks'), h('ul', { class: 'plain' }, theirs.map((s) =>
      h('li', {}, `${s.name}: ${seekText(s)} `,
        h('button', { type: 'button', onclick: () => this.seek({ game: s.game, variant: s.variant, board: s.board, clock: s.clock, rated: s.rated }) }, 'Play')))));
  }
}
