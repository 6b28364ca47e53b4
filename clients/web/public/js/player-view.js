// player-view — a player's page (#/player/NAME): their ratings with a graph of each rating's
// history, their wins, losses and draws, and their finished games, newest first, a page at a
// time, each opening its room. Everything comes from GET /api/players/NAME on this server.

import { h, s, clear } from './dom.js';
import { titleOf } from './games/index.js';

const PAGE = 20;

// "3 Jan 2026, 14:05" in the reader's own time zone.
function when(ms) {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

// The rating's history as an SVG line, one step per rated change (evenly spaced, so a long
// pause does not squash the rest), scaled to its own range (no chart library).
function ratingGraph(rating) {
  const ratings = (rating.history || []).map((p) => p.rating);
  if (ratings.length === 0 || ratings[ratings.length - 1] !== rating.rating) ratings.push(rating.rating);
  const points = ratings.map((r, i) => [i, r]);
  const W = 320;
  const H = 90;
  const pad = 6;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const [y0, y1] = [Math.min(...ys) - 10, Math.max(...ys) + 10];
  const x = (v) => pad + (x1 === x0 ? 0.5 : (v - x0) / (x1 - x0)) * (W - 2 * pad);
  const y = (v) => H - pad - ((v - y0) / (y1 - y0)) * (H - 2 * pad);
  const d = points.map((p, i) => `${i ? 'L' : 'M'}${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join(' ');
  return s('svg', {
    class: 'rating-graph', viewBox: `0 0 ${W} ${H}`, role: 'img',
    'aria-label': `${rating.category} rating from ${ys[0]} to ${rating.rating}`,
    'data-testid': 'rating-graph',
  },
  s('path', { d, fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linejoin': 'round' }),
  ...points.map((p) => s('circle', { cx: x(p[0]).toFixed(1), cy: y(p[1]).toFixed(1), r: 2.5 })));
}

export class PlayerView {
  constructor(app, name) {
    this.app = app;
    this.name = name;
    this.room = null;  // not a room: the app's router leaves no room for it
    this.games = [];
    this.next = null;
    this.heading = h('h2', { 'data-testid': 'player-name' }, name);
    this.summary = h('div', { class: 'player-summary' });
    this.ratings = h('div', { class: 'ratings', 'data-testid': 'player-ratings' });
    this.list = h('ol', { class: 'player-games', 'aria-label': 'Games', 'data-testid': 'player-games' });
    this.more = h('button', { type: 'button', class: 'more', hidden: true, onclick: () => this.load(true) }, 'Older games');
    this.problem = h('p', { class: 'error', role: 'alert' });
    this.element = h('section', { class: 'player-page', 'data-player': name },
      h('p', {}, h('a', { href: '#/' }, '← Lobby')),
      this.heading, this.problem, this.summary, this.ratings,
      h('h3', {}, 'Games'), this.list, this.more);
    this.load(false);
  }

  async load(older) {
    const base = `${this.app.httpBase}/api/players/${encodeURIComponent(this.name)}`;
    const url = older ? `${base}/games?limit=${PAGE}&before=${encodeURIComponent(this.next)}` : `${base}?limit=${PAGE}`;
    let res;
    try {
      res = await fetch(url);
    } catch (e) {
      this.problem.textContent = 'The server could not be reached.';
      return;
    }
    if (!res.ok) {
      this.problem.textContent = (await res.text()).trim();
      return;
    }
    const page = await res.json();
    this.problem.textContent = '';
    if (!older) {
      this.heading.textContent = page.name;
      this.renderSummary(page);
      this.renderRatings(page.ratings || []);
      this.games = [];
    }
    this.games.push(...page.games);
    this.next = page.next;
    this.renderGames();
  }

  renderSummary(page) {
    const c = page.counts;
    const total = c.wins + c.losses + c.draws;
    clear(this.summary);
    if (page.guest) this.summary.append(h('span', { class: 'guest-tag' }, 'guest'));
    this.summary.append(
      h('span', { 'data-testid': 'player-counts' },
        h('strong', {}, String(total)), total === 1 ? ' game · ' : ' games · ',
        h('span', { class: 'r-win' }, `${c.wins} won`), ' · ',
        h('span', { class: 'r-loss' }, `${c.losses} lost`), ' · ',
        h('span', { class: 'r-draw' }, `${c.draws} drawn`)));
  }

  renderRatings(ratings) {
    clear(this.ratings);
    if (ratings.length === 0) {
      this.ratings.append(h('p', { class: 'muted' }, 'No rated games yet.'));
      return;
    }
    for (const r of ratings) {
      this.ratings.append(h('div', { class: 'rating', 'data-category': r.category },
        h('div', { class: 'rating-head' },
          h('span', { class: 'rating-category' }, r.category),
          h('strong', { class: 'rating-value' }, `${Math.round(r.rating)}${r.provisional ? '?' : ''}`),
          h('span', { class: 'muted' }, ` ±${Math.round(r.deviation)} · ${r.games} ${r.games === 1 ? 'game' : 'games'}`)),
        ratingGraph(r)));
    }
  }

  renderGames() {
    clear(this.list);
    if (this.games.length === 0) this.list.append(h('li', { class: 'muted' }, 'No finished games yet.'));
    for (const g of this.games) {
      const change = g.rating_change === null || g.rating_change === undefined ? ''
        : ` ${g.rating_change >= 0 ? '+' : ''}${g.rating_change}`;
      this.list.append(h('li', { class: `game g-${g.result}`, 'data-game-room': g.room, 'data-result': g.result },
        h('a', { href: `#/room/${encodeURIComponent(g.room)}` },
          h('span', { class: 'g-result' }, g.result),
          h('span', { class: 'g-title' }, `${titleOf(g.game)} ${g.variant}`),
          h('span', { class: 'g-opponent' }, `vs ${g.opponent || '(nobody)'}`),
          h('span', { class: 'g-reason muted' }, g.reason.replace(/_/g, ' ')),
          h('span', { class: 'g-change' }, change),
          h('time', { class: 'g-when muted', datetime: new Date(g.finished_ms).toISOString() }, when(g.finished_ms)))));
    }
    this.more.hidden = !this.next;
  }
}

// The link to a player's page, for a name shown anywhere.
export function playerLink(name, text = name) {
  return h('a', { class: 'player-link', href: `#/player/${encodeURIComponent(name)}` }, text);
}
