// room-view — one room: the status line, the board, both players with their clocks and
// pieces, the move list, chat, and the buttons (resign, draw, take the seat, the record).

import { h, clear, clockText } from './dom.js';
import { gameModule, titleOf } from './games/index.js';
import { playerLink } from './player-view.js';

const REASONS = {
  win_condition: 'by captures',
  board_full: 'the board is full',
  repetition: 'the same position came three times',
  no_moves: 'no moves left',
  resignation: 'by resignation',
  agreement: 'draw agreed',
  time: 'on time',
  abandoned: 'the game was abandoned',
};

export class RoomView {
  constructor(app, room) {
    this.app = app;
    this.room = room;
    this.board = null;
    this.game = null;  // the module of the game shown (games/index.js)
    this.resignArmed = false;
    this.lastChatCount = -1;
    this.roomId = h('code', { 'data-room': room }, room);
    this.title = h('span', { class: 'room-title' });
    this.status = h('p', { class: 'status', role: 'status' }, 'Joining…');
    this.hintLine = h('p', { class: 'hint' });
    this.error = h('p', { class: 'error move-error', role: 'alert', 'aria-live': 'assertive' });
    this.boardSlot = h('div', { class: 'board-slot' });
    this.players = h('div', { class: 'players' });
    this.actions = h('div', { class: 'actions' });
    this.moves = h('ol', { class: 'moves', 'aria-label': 'History' });
    this.chatLog = h('ul', { class: 'chat-log', 'aria-label': 'Messages', 'aria-live': 'polite' });
    const moveInput = h('input', { id: 'move-input', name: 'move', autocomplete: 'off', spellcheck: 'false' });
    this.moveInput = moveInput;
    const moveForm = h('form', { class: 'move-form' },
      h('label', { for: 'move-input' }, 'Move'), moveInput, h('button', { type: 'submit' }, 'Play'));
    moveForm.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const token = moveInput.value.trim();
      if (!token) return;
      this.play(token).then((ok) => { if (ok) moveInput.value = ''; });
    });
    const chatInput = h('input', { id: 'chat-input', name: 'chat', maxlength: 500, autocomplete: 'off' });
    const chatForm = h('form', { class: 'chat-form' },
      h('label', { for: 'chat-input' }, 'Chat'), chatInput, h('button', { type: 'submit' }, 'Send'));
    chatForm.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const text = chatInput.value.trim();
      if (!text) return;
      this.app.conn.request({ type: 'chat', room: this.room, text }).then(
        () => { chatInput.value = ''; },
        (err) => { this.error.textContent = err.message; });
    });
    this.element = h('div', { class: 'room' },
      h('div', { class: 'room-head' },
        h('a', { href: '#/', class: 'back' }, '← Lobby'),
        h('span', {}, 'Room ', this.roomId), this.title),
      this.status,
      h('div', { class: 'room-body' },
        h('div', { class: 'play' }, this.hintLine, this.error, this.boardSlot, moveForm),
        h('aside', { class: 'side' },
          this.players, this.actions,
          h('section', { class: 'panel' }, h('h2', {}, 'Moves'), this.moves),
          h('section', { class: 'panel chat' }, h('h2', {}, 'Chat'), this.chatLog, chatForm))));
    this.tick = setInterval(() => this.updateClocks(), 100);
  }

  dispose() {
    clearInterval(this.tick);
  }

  get mirror() {
    return this.app.mirrors.get(this.room);
  }

  play(token) {
    const m = this.mirror;
    if (!m || !m.state) return Promise.resolve(false);
    this.error.textContent = '';
    return this.app.conn.request({ type: 'move', room: this.room, move: token, version: m.version }).then(
      () => true,
      (err) => {
        this.error.textContent = `${token}: ${err.message}`;
        return false;
      });
  }

  showError(text) {
    this.error.textContent = text;
  }

  render() {
    const m = this.mirror;
    if (!m || !m.state) return;
    const st = m.state;
    if (!this.game || this.game.name !== st.game) {
      this.game = gameModule(st.game);
      const opts = { onMove: (t) => this.play(t), onHint: (t) => { this.hintLine.textContent = t; } };
      this.board = this.game.createBoard(opts);
      this.moveInput.placeholder = this.game.moveExample ? `e.g. ${this.game.moveExample}` : '';
      clear(this.boardSlot).append(this.board.element);
    }
    this.title.textContent = `${titleOf(st.game)} ${st.variant}${this.game.titleDetail(st)} · ${st.spectators} watching`;
    this.status.textContent = this.statusText(m);
    this.element.classList.toggle('watching', !m.seat);
    // A background tab says when it is your move.
    const mine = st.status === 'playing' && st.to_move === m.seat;
    document.title = `${mine ? '● Your move · ' : ''}Room ${this.room} — Ringside`;
    this.status.className = `status ${st.status}${st.status === 'playing' && st.to_move === m.seat ? ' mine' : ''}`;
    this.board.update(st, m.seat);
    this.renderPlayers(m);
    this.renderActions(m);
    this.renderMoves(st);
    this.renderChat(m);
  }

  name(st, seat) {
    const p = st.players[seat - 1];
    if (!p) return `seat ${seat}`;
    return p.name;
  }

  statusText(m) {
    const st = m.state;
    const you = (seat) => (seat === m.seat ? 'You' : this.name(st, seat));
    if (st.status === 'waiting') return m.seat ? 'Waiting for an opponent — share this page’s link.' : 'Waiting for players.';
    if (st.status === 'finished') {
      const r = st.result || {};
      const why = REASONS[r.reason] || r.reason || '';
      const score = r.score ? ` (${r.score[0]}–${r.score[1]})` : '';
      if (r.winner) return `Game over: ${you(r.winner) === 'You' ? 'you win' : `${this.name(st, r.winner)} wins`}, ${why}${score}.`;
      return `Game over: a draw, ${why}${score}.`;
    }
    const mover = st.to_move;
    let text = mover === m.seat ? 'Your move' : `${this.name(st, mover)} to move`;
    text += this.game.statusDetail(st);
    if (st.draw_offer) text += `. ${st.draw_offer === m.seat ? 'You offered' : `${this.name(st, st.draw_offer)} offers`} a draw.`;
    return text;
  }

  renderPlayers(m) {
    const st = m.state;
    clear(this.players);
    for (const seat of [1, 2]) {
      const p = st.players[seat - 1];
      const turn = st.status === 'playing' && st.to_move === seat;
      const tag = this.game.seatTag(seat);
      // A name opens its player's page.
      const name = p ? [playerLink(p.name), seat === m.seat ? ' (you)' : ''] : '(free seat)';
      const detail = this.game.playerDetail(st, seat);
      this.players.append(h('div', { class: `player${turn ? ' to-move' : ''}`, 'data-seat': seat },
        h('div', { class: 'player-line' },
          h('span', { class: `seat-mark seat-${seat} g-${st.game}`, 'aria-hidden': 'true' }),
          h('span', { class: 'player-name' }, name),
          p && !p.online ? h('span', { class: 'offline' }, ' offline') : null,
          h('span', { class: 'seat-tag' }, ` ${tag}`),
          h('span', { class: 'clock', 'data-clock': seat, 'aria-label': `time left, player ${seat}` }, '')),
        h('div', { class: 'player-detail' }, detail)));
    }
    this.updateClocks();
  }

  updateClocks() {
    const m = this.mirror;
    if (!m || !m.state) return;
    for (const el of this.players.querySelectorAll('[data-clock]')) {
      const ms = m.clockMs(Number(el.dataset.clock));
      const text = ms === null ? '' : clockText(ms);
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle('low', ms !== null && ms < 10000);
    }
  }

  renderActions(m) {
    const st = m.state;
    const playing = st.status === 'playing' && m.seat;
    const other = m.seat === 1 ? 2 : 1;
    const buttons = [];
    if (!m.seat && st.status === 'waiting' && st.players.some((p) => p === null)) {
      buttons.push(h('button', { type: 'button', class: 'primary', onclick: () => this.app.takeSeat(this.room) }, 'Take the free seat'));
    }
    if (playing) {
      if (st.draw_offer === other) {
        buttons.push(h('button', { type: 'button', onclick: () => this.send('offer_draw') }, 'Accept draw'));
      } else {
        buttons.push(h('button', { type: 'button', disabled: st.draw_offer === m.seat, onclick: () => this.send('offer_draw') },
          st.draw_offer === m.seat ? 'Draw offered' : 'Offer draw'));
      }
      buttons.push(h('button', {
        type: 'button', class: this.resignArmed ? 'danger' : '',
        onclick: () => {
          if (this.resignArmed) {
            this.resignArmed = false;
            this.send('resign');
          } else {
            this.resignArmed = true;
            this.renderActions(m);
            setTimeout(() => { this.resignArmed = false; if (this.mirror) this.renderActions(this.mirror); }, 4000);
          }
        },
      }, this.resignArmed ? 'Confirm resign' : 'Resign'));
    }
    buttons.push(h('a', { class: 'button', href: `${this.app.httpBase}/api/rooms/${encodeURIComponent(this.room)}/record`, download: `ringside-${this.room}.zen` }, 'Download record'));
    buttons.push(h('button', { type: 'button', onclick: () => this.copyLink() }, 'Copy link'));
    clear(this.actions).append(...buttons);
  }

  copyLink() {
    const url = `${location.origin}${location.pathname}${location.search}#/room/${this.room}`;
    if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
    this.hintLine.textContent = `Link: ${url}`;
  }

  send(type) {
    this.app.conn.request({ type, room: this.room }).catch((err) => { this.error.textContent = err.message; });
  }

  renderMoves(st) {
    // The server says who made each entry (history_by): no turn order is known here.
    const by = st.history_by || [];
    const items = st.history.map((token, i) => {
      const seat = by[i] === 2 ? 2 : 1;
      return h('li', { 'data-ply': i, class: `seat-${seat}` },
        h('span', { class: 'who-moved' }, this.name(st, seat)), ' ', h('code', {}, token));
    });
    if (this.moves.childElementCount === items.length && items.length > 0) return;
    clear(this.moves).append(...items);
    this.moves.scrollTop = this.moves.scrollHeight;
  }

  renderChat(m) {
    if (m.chat.length === this.lastChatCount) return;
    this.lastChatCount = m.chat.length;
    // Each name and text in its own bidi isolate: a right-to-left name or text cannot reorder
    // the other, so a line always reads as who, then what.
    clear(this.chatLog).append(...m.chat.map((c) => h('li', {}, h('b', {}, h('bdi', {}, c.from)), ': ', h('bdi', {}, c.text))));
    this.chatLog.scrollTop = this.chatLog.scrollHeight;
  }
}
