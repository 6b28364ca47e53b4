// lobby-view — the room list (refreshed every two seconds while shown), the form that creates
// a room, the rooms where this browser holds a seat (its own waiting ones with Cancel), quick
// pairing and the games to watch.

import { h, clear, daysText } from './dom.js';
import { offers, offerOf, titleOf, boardText } from './games/index.js';
import { rulesButton } from './rules-panel.js';
import { QuickPairing } from './quick-pairing.js';
import { WatchLists } from './watch-lists.js';
import { playerLink } from './player-view.js';

const REFRESH_MS = 2000;
const MAX_PAGES = 4;

function options(select, values, chosen) {
  clear(select).append(...values.map(([v, text]) => h('option', { value: v, selected: String(v) === String(chosen) }, text)));
}

// A clock as the form's value ("10+5": minutes + seconds) and as people read it.
function clockValue(c) {
  if (c.days_per_move) return `${c.days_per_move}d`;
  return `${c.initial_s / 60}+${c.increment_s}`;
}
function clockLabel(c) {
  if (c.days_per_move) return `${c.days_per_move} ${c.days_per_move === 1 ? 'day' : 'days'} per move`;
  const initial = c.initial_s % 60 === 0 ? `${c.initial_s / 60} min` : `${c.initial_s} s`;
  return c.increment_s ? `${initial} + ${c.increment_s} s` : initial;
}

// The server's suggested clocks, then its correspondence clocks (days per move).
function allClocks() {
  const o = offers();
  return [...o.clocks, ...(o.correspondence_days || []).map((d) => ({ days_per_move: d }))];
}

// Time left until an ISO deadline, as the "Your turn" list says it.
function leftText(deadline) {
  return `${daysText(Date.parse(deadline) - Date.now())} left`;
}

export class LobbyView {
  constructor(app) {
    this.app = app;
    this.timer = null;
    this.rooms = null;
    this.pages = 1;
    this.next = null;
    this.loading = false;
    this.quick = new QuickPairing(app);  // before the form, whose choices fill its buttons
    this.watch = new WatchLists(app);
    this.list = h('div', { class: 'room-list', 'aria-live': 'off' });
    this.mine = h('div', { class: 'my-rooms' });
    this.formError = h('p', { class: 'error', role: 'alert' });
    this.form = this.buildForm();
    // Games against the computer are many and never need a second player: listed only when
    // asked for, so they cannot push the rooms waiting for a person out of view.
    this.withComputer = h('input', { type: 'checkbox', id: 'f-with-computer' });
    this.withComputer.addEventListener('change', () => { this.pages = 1; this.refresh(); });
    this.element = h('div', { class: 'lobby' },
      this.quick.element,
      h('section', { class: 'panel create', 'aria-labelledby': 'create-title' },
        h('h2', { id: 'create-title' }, 'New room'), this.form, this.formError),
      h('section', { class: 'panel rooms', 'aria-labelledby': 'rooms-title' },
        h('h2', { id: 'rooms-title' }, 'Rooms'), this.mine,
        h('div', { class: 'field check' }, this.withComputer,
          h('label', { for: this.withComputer.id }, 'Show rooms with a computer player')),
        this.list),
      this.watch.element);
  }

  showFormError(err) {
    this.formError.textContent = err.message;
    this.formErrorCode = err.code;
  }

  // The link is back: an error that only said it was lost is stale.
  linkBack() {
    if (this.formErrorCode === 'disconnected') this.formError.textContent = '';
    this.formErrorCode = null;
  }

  buildForm() {
    const game = h('select', { name: 'game', id: 'f-game' });
    const variant = h('select', { name: 'variant', id: 'f-variant' });
    const board = h('select', { name: 'board', id: 'f-board' });
    const clock = h('select', { name: 'clock', id: 'f-clock' });
    const seat = h('select', { name: 'seat', id: 'f-seat' });
    const opponent = h('select', { name: 'opponent', id: 'f-opponent' });
    const priv = h('input', { type: 'checkbox', name: 'private', id: 'f-private' });
    const rated = h('input', { type: 'checkbox', name: 'rated', id: 'f-rated' });
    options(seat, [['random', 'random'], ['first', 'first (moves first)'], ['second', 'second']], 'random');
    this.choices = { game, variant, board, clock, opponent };
    game.addEventListener('change', () => this.syncGame());
    variant.addEventListener('change', () => {
      const v = this.variantOffer();
      if (v) board.value = String(v.board);
    });
    this.fillChoices();
    const field = (text, control) => h('div', { class: 'field' }, h('label', { for: control.id }, text), control);
    const form = h('form', { class: 'create-form' },
      h('div', { class: 'field' }, h('label', { for: game.id }, 'Game'),
        h('span', { class: 'with-rules' }, game, rulesButton(() => game.value, 'How to play'))),
      field('Variant', variant), field('Board', board), field('Clock', clock),
      field('Seat', seat), field('Opponent', opponent),
      h('div', { class: 'field check' }, priv, h('label', { for: priv.id }, 'Private (not listed; share the link)')),
      h('div', { class: 'field check' }, rated, h('label', { for: rated.id }, 'Rated (between accounts; never against the computer)')),
      h('button', { type: 'submit', class: 'primary' }, 'Create'));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const msg = { type: 'create_room', game: game.value, variant: variant.value, seat: seat.value, private: priv.checked };
      if (board.value) msg.board = Number(board.value);
      const chosenClock = allClocks().find((c) => clockValue(c) === clock.value);
      if (chosenClock) {
        msg.clock = chosenClock.days_per_move ? { days_per_move: chosenClock.days_per_move }
          : { initial_s: chosenClock.initial_s, increment_s: chosenClock.increment_s };
      }
      if (opponent.value) msg.opponent = { computer: Number(opponent.value) };
      if (rated.checked) msg.rated = true;
      this.formError.textContent = '';
      this.app.conn.request(msg).then(
        (joined) => this.app.go(joined.room),
        (err) => this.showFormError(err));
    });
    return form;
  }

  // The choices the server offers (games/index.js has them from welcome): games, their
  // variants, boards and computer levels, and clocks. Called again when a welcome arrives.
  fillChoices() {
    const { game, clock } = this.choices;
    const { games } = offers();
    const clocks = allClocks();
    const keepGame = games.some((g) => g.name === game.value) ? game.value : games[0] && games[0].name;
    options(game, games.map((g) => [g.name, g.title]), keepGame);
    const clockValues = clocks.map((c) => [clockValue(c), clockLabel(c)]);
    const keepClock = clockValues.some(([v]) => v === clock.value) ? clock.value : '';
    options(clock, [['', 'untimed'], ...clockValues], keepClock);
    this.syncGame();
    this.quick.renderButtons();
  }

  variantOffer() {
    const g = offerOf(this.choices.game.value);
    return g ? g.variants.find((v) => v.name === this.choices.variant.value) : null;
  }

  // A game chosen: its variants (the first by default), its boards (the variant's own chosen;
  // no choice when there is one), and as many computer levels as play it.
  syncGame() {
    const { game, variant, board, opponent } = this.choices;
    const g = offerOf(game.value);
    const variants = g ? g.variants : [];
    const keepVariant = variants.some((v) => v.name === variant.value) ? variant.value : variants[0] && variants[0].name;
    options(variant, variants.map((v) => [v.name, v.name]), keepVariant);
    const v = this.variantOffer();
    options(board, (g ? g.boards : []).map((b) => [b, `${b} ${g.board_unit}`]), v ? v.board : '');
    board.disabled = !g || g.boards.length <= 1;
    const levels = g ? g.computer_levels : 0;
    const keepOpponent = Number(opponent.value) <= levels ? opponent.value : '';
    options(opponent, [['', 'a person'], ...Array.from({ length: levels }, (_, i) => [String(i + 1), `computer, level ${i + 1}`])], keepOpponent);
  }

  show() {
    this.refresh();
    this.renderMine();
    clearInterval(this.timer);
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
  }

  hide() {
    clearInterval(this.timer);
    this.timer = null;
  }

  // The server answers a page of rooms, newest first, with `next` for the page after; the
  // lobby shows as many pages as asked for with "Older rooms" (at most MAX_PAGES), the rooms
  // waiting for a player first. Without the box ticked, people's games only.
  async refresh() {
    if (this.app.conn.status !== 'online' || this.loading) return;
    this.loading = true;
    try {
      const rooms = [];
      let before = null;
      let next = null;
      for (let page = 0; page < this.pages; page++) {
        const ask = { type: 'list_rooms' };
        if (!this.withComputer.checked) ask.computer = false;
        if (before) ask.before = before;
        const msg = await this.app.conn.request(ask);
        rooms.push(...msg.rooms);
        next = msg.next ?? null;
        if (!next) break;
        before = next;
      }
      // Stable: newest first within each group.
      rooms.sort((a, b) => (a.status === 'waiting' ? 0 : 1) - (b.status === 'waiting' ? 0 : 1));
      this.rooms = rooms;
      this.next = next;
      this.render();
      await Promise.all([this.quick.refresh(), this.watch.refresh()]);
    } catch {
      // Offline or refused: the list stays as it was until the next refresh.
    } finally {
      this.loading = false;
    }
  }

  // The rooms where this browser holds a seat (and the server told us so).
  renderMine() {
    const seated = [...this.app.mirrors.values()].filter((m) => m.seat && m.state && m.state.status !== 'finished');
    clear(this.mine);
    if (seated.length === 0) return;
    // Games where it is your turn first (soonest deadline first), then the others.
    const yours = (m) => m.state.status === 'playing' && m.state.to_move === m.seat;
    const deadline = (m) => (m.state.players[m.seat - 1] || {}).deadline;
    const turn = seated.filter(yours).sort((a, b) =>
      (deadline(a) ? Date.parse(deadline(a)) : Infinity) - (deadline(b) ? Date.parse(deadline(b)) : Infinity));
    const rest = seated.filter((m) => !yours(m));
    const link = (m) => h('a', { href: `#/room/${m.room}` }, `${titleOf(m.state.game)} ${m.room}`);
    if (turn.length) {
      this.mine.append(h('h3', {}, 'Your turn'), h('ul', { class: 'plain your-turn' }, turn.map((m) =>
        h('li', {}, link(m), ` — your move${deadline(m) ? `, ${leftText(deadline(m))}` : ''}`))));
    }
    if (rest.length) {
      this.mine.append(h('h3', {}, 'Your games'), h('ul', { class: 'plain' }, rest.map((m) =>
        h('li', {}, link(m), ` — ${m.state.status === 'waiting' ? 'waiting for an opponent' : 'their move'}`,
          m.state.status === 'waiting' ? [' ', h('button', { type: 'button', 'data-cancel-room': m.room, onclick: () => this.cancelRoom(m.room) }, 'Cancel')] : []))));
    }
  }

  // Our own waiting room ends (as cancelled); its patch updates the mirror, so it leaves
  // "Your games" and, at the next refresh, the list.
  cancelRoom(room) {
    this.formError.textContent = '';
    this.app.conn.request({ type: 'cancel_room', room }).then(
      () => {},
      (err) => { this.formError.textContent = err.message; });
  }

  render() {
    this.renderMine();
    const rooms = this.rooms || [];
    clear(this.list);
    if (rooms.length === 0) {
      this.list.append(h('p', { class: 'muted' }, 'No rooms yet. Create one — or open a friend’s link.'));
      return;
    }
    // The room summaries carry a clock only from servers that list it; without, no column.
    const clocks = rooms.some((r) => r.clock !== undefined);
    this.list.classList.toggle('no-clock', !clocks);
    const head = h('div', { class: 'row head', 'aria-hidden': 'true' },
      ['Room', 'Game', 'Players', 'Watching', 'Status', clocks ? 'Clock' : '', ''].map((t) => h('span', {}, t)));
    const rows = rooms.map((r) => {
      const guests = r.guests || [];
      // Each name opens its player's page; a guest's is marked by the style sheet
      // (.guest::after).
      const players = [];
      r.players.forEach((p, i) => {
        if (i > 0) players.push(' vs ');
        if (p === null) return players.push('(free)');
        const link = playerLink(p);
        if (guests[i]) link.classList.add('guest');
        players.push(link);
      });
      const free = r.players.some((p) => p === null);
      const clock = r.clock ? (r.clock.days_per_move ? `${r.clock.days_per_move} d/move` : `${r.clock.initial_s / 60}+${r.clock.increment_s}`) : clocks ? 'untimed' : '';
      const board = boardText(r.game, r.board);
      return h('div', { class: 'row', role: 'listitem', 'data-room-row': r.room, 'aria-label': `room ${r.room}` },
        h('span', { class: 'c-room' }, h('code', {}, r.room)),
        h('span', { class: 'c-game' }, `${titleOf(r.game)} ${r.variant}${board}${r.rated ? ', rated' : ''}`),
        h('span', { class: 'c-players' }, ...players),
        h('span', { class: 'c-spec' }, String(r.spectators), h('span', { class: 'narrow-only' }, ' watching')),
        h('span', { class: `c-status s-${r.status}` }, r.status),
        h('span', { class: 'c-clock', title: 'clock' }, clock),
        h('span', { class: 'c-actions' },
          h('button', {
            type: 'button', disabled: !free || r.status !== 'waiting',
            onclick: () => this.join(r.room),
          }, 'Join'),
          h('button', { type: 'button', onclick: () => this.app.go(r.room) }, 'Watch')));
    });
    this.list.append(head, h('div', { role: 'list', 'aria-label': 'Rooms' }, rows));
    if (this.next && this.pages < MAX_PAGES) {
      this.list.append(h('button', { type: 'button', class: 'more', onclick: () => { this.pages++; this.refresh(); } }, 'Older rooms'));
    }
  }

  join(room) {
    this.formError.textContent = '';
    this.app.conn.request({ type: 'join', room, as: 'player' }).then(
      () => this.app.go(room),
      (err) => { this.formError.textContent = err.message; });
  }
}
