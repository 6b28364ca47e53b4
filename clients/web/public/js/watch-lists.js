// watch-lists — the lobby's "Playing now" and "Recently finished": the newest games of each
// status, each linking to its room to watch (or review).

import { h, clear } from './dom.js';
import { titleOf } from './games/index.js';

const SHOWN = 10;

export class WatchLists {
  constructor(app) {
    this.app = app;
    this.playing = h('ul', { class: 'plain', 'data-list': 'playing' });
    this.finished = h('ul', { class: 'plain', 'data-list': 'finished' });
    this.element = h('section', { class: 'panel watch', 'aria-labelledby': 'watch-title' },
      h('h2', { id: 'watch-title' }, 'Watch'),
      h('h3', {}, 'Playing now'), this.playing,
      h('h3', {}, 'Recently finished'), this.finished);
  }

  async refresh() {
    const ask = (status) => this.app.conn.request({ type: 'list_rooms', status, computer: false, limit: SHOWN });
    const [playing, finished] = await Promise.all([ask('playing'), ask('finished')]);
    this.fill(this.playing, playing.rooms, 'No games are being played.');
    // A room nobody came to, or that its creator cancelled, was never a game.
    this.fill(this.finished, finished.rooms.filter((r) => r.players.every((p) => p !== null)), 'No finished games yet.');
  }

  fill(list, rooms, none) {
    clear(list);
    if (rooms.length === 0) {
      list.append(h('li', { class: 'muted' }, none));
      return;
    }
    list.append(...rooms.map((r) => h('li', { 'data-watch-room': r.room },
      h('a', { href: `#/room/${r.room}` }, `${r.players.join(' vs ')}`), ` — ${titleOf(r.game)} ${r.variant}`)));
  }
}
