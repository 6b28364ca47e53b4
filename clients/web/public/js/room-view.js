// room-view — one room: the status line, the board, both players with their clocks and
// pieces, the move list, chat, and the buttons (resign, draw, take the seat, the record).

import { h, clear, clockText, daysText } from './dom.js';
import { isCorrespondence } from './room-mirror.js';

// Under this much time left a running clock turns red and pulses: 20 s, or a tenth of the
// time the clock started with when that is more.
const LOW_TIME_MS = 20000;
import { gameModule, titleOf } from './games/index.js';
import { rulesButton } from './rules-panel.js';
import { MoveSound } from './move-sound.js';
import { ReviewView } from './review-view.js';
import { playerLink } from './player-view.js';

// On a touch screen the hints say "tap", not "click".
const TOUCH = !!(window.matchMedia && window.matchMedia('(pointer: coarse)').matches);
function touchWords(text) {
  return TOUCH ? text.replace(/\bClick\b/g, 'Tap').replace(/\bclick\b/g, 'tap') : text;
}

// One for the page, whichever room is shown (app.js shows it to tests as ringside.sound).
export const sound = new MoveSound();

const REASONS = {
  win_condition: 'by captures',
  board_full: 'the board is full',
  repetition: 'the same position came three times',
  no_moves: 'no moves left',
  resignation: 'by resignation',
  agreement: 'draw agreed',
  time: 'on time',
  abandoned: 'the game was abandoned',
  aborted: 'aborted: no first move in time',
  cancelled: 'cancelled before it began',
};

// A rated room's rating beside a name: "1500?" while provisional, and the game's change once
// it is over ("1512 (+12)", "1488 (−12)").
function ratingText(p) {
  if (p.rating === undefined) return '';
  let text = `${p.rating}${p.provisional ? '?' : ''}`;
  if (p.rating_change !== undefined) {
    const c = p.rating_change;
    text += ` (${c > 0 ? '+' : c < 0 ? '−' : '±'}${Math.abs(c)})`;
  }
  return text;
}

export class RoomView {
  constructor(app, room) {
    this.app = app;
    this.room = room;
    this.board = null;
    this.game = null;  // the module of the game shown (games/index.js)
    this.resignArmed = false;
    this.lastChatSerial = -1;
    this.heardPly = null;  // the ply the move sound last played for
    this.roomId = h('code', { 'data-room': room }, room);
    this.title = h('span', { class: 'room-title' });
    this.status = h('p', { class: 'status', role: 'status' }, 'Joining…');
    this.hintLine = h('p', { class: 'hint' });
    this.error = h('p', { class: 'error move-error', role: 'alert', 'aria-live': 'assertive' });
    this.errorCode = null;  // the code of the error shown (a lost link's is cleared on return)
    this.boardSlot = h('div', { class: 'board-slot' });
    this.players = h('div', { class: 'players' });
    this.actions = h('div', { class: 'actions' });
    this.moves = h('ol', { class: 'moves', 'aria-label': 'History' });
    this.chatLog = h('ul', { class: 'chat-log', 'aria-label': 'Messages', 'aria-live': 'polite' });
    const moveInput = h('input', { id: 'move-input', name: 'move', autocomplete: 'off', spellcheck: 'false' });
    this.moveInput = moveInput;
    const moveForm = h('form', { class: 'move-form' },
      h('label', { for: 'move-input' }, 'Move'), moveInput, h('button', { type: 'submit' }, 'Play'));
    this.moveForm = moveForm;
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
      // The server answers with our own line (its `chat` carries `re`): then it is sent.
      this.app.conn.request({ type: 'chat', room: this.room, text }).then(
        () => { if (chatInput.value.trim() === text) chatInput.value = ''; },
        (err) => this.showError(err.message, err.code));
    });
    this.rules = rulesButton(() => (this.mirror && this.mirror.state ? this.mirror.state.game : ''));
    this.rules.hidden = true;  // until the room's game is known
    this.soundButton = h('button', { type: 'button', class: 'sound-button', onclick: () => { sound.toggle(); this.showSound(); } });
    this.showSound();
    // The hint and the error line are under the board: text appearing there moves nothing
    // that a player is about to click.
    this.element = h('div', { class: 'room' },
      h('div', { class: 'room-head' },
        h('a', { href: '#/', class: 'back' }, '← Lobby'),
        h('span', {}, 'Room ', this.roomId), this.title,
        h('span', { class: 'room-tools' }, this.rules, this.soundButton)),
      this.status,
      h('div', { class: 'room-body' },
        this.players,
        h('div', { class: 'play' }, this.boardSlot, this.hintLine, this.error, moveForm),
        h('aside', { class: 'side' },
          this.actions,
          h('section', { class: 'panel' }, h('h2', {}, 'Moves'), this.moves),
          h('section', { class: 'panel chat' }, h('h2', {}, 'Chat'), this.chatLog, chatForm))));
    this.review = new ReviewView(this);
    this.boardSlot.before(this.review.bar);
    this.tick = setInterval(() => this.updateClocks(), 100);
  }

  dispose() {
    clearInterval(this.tick);
    this.review.dispose();
  }

  showSound() {
    this.soundButton.textContent = sound.on ? 'Sound on' : 'Sound off';
    this.soundButton.setAttribute('aria-pressed', sound.on ? 'true' : 'false');
    this.soundButton.title = sound.on ? 'A short sound at each move; click to mute' : 'Muted; click for a short sound at each move';
  }

  // The server knows no room of this name: say so, with the way back, instead of a room
  // that never fills.
  showMissing() {
    this.missing = true;
    clearInterval(this.tick);
    this.element.replaceChildren(h('section', { class: 'panel missing', role: 'status' },
      h('h2', {}, 'No such room'),
      h('p', {}, 'There is no room ', h('code', {}, this.room), ' on this server. It may have finished long ago, or the link is mistyped.'),
      h('p', {}, h('a', { href: '#/', class: 'button primary' }, '← Back to the lobby'))));
  }

  // The link is back: an error that only said it was lost is stale.
  linkBack() {
    if (this.errorCode === 'disconnected') this.showError('');
  }

  get mirror() {
    return this.app.mirrors.get(this.room);
  }

  play(token) {
    const m = this.mirror;
    if (!m || !m.state || this.review.active) return Promise.resolve(false);
    this.showError('');
    return this.app.conn.request({ type: 'move', room: this.room, move: token, version: m.version }).then(
      () => true,
      (err) => {
        this.showError(`${token}: ${err.message}`, err.code);
        return false;
      });
  }

  showError(text, code = null) {
    this.error.textContent = text;
    this.errorCode = text ? code : null;
  }

  render() {
    const m = this.mirror;
    if (!m || !m.state || this.missing) return;
    const st = m.state;
    if (!this.game || this.game.name !== st.game) {
      this.game = gameModule(st.game);
      const opts = { onMove: (t) => this.play(t), onHint: (t) => { this.hintLine.textContent = touchWords(t); } };
      this.board = this.game.createBoard(opts);
      this.moveInput.placeholder = this.game.moveExample ? `e.g. ${this.game.moveExample}` : '';
      this.rules.hidden = !this.game.rules;
      clear(this.boardSlot).append(this.board.element);
    }
    // A move that arrives while the room is shown knocks (the first state seen does not).
    if (this.heardPly !== null && st.ply > this.heardPly) sound.play();
    this.heardPly = st.ply;
    this.title.textContent = `${titleOf(st.game)} ${st.variant}${this.game.titleDetail(st)} · ${st.spectators} watching`;
    this.status.textContent = this.statusText(m);
    this.element.classList.toggle('watching', !m.seat);
    // A background tab says when it is your move.
    const mine = st.status === 'playing' && st.to_move === m.seat;
    document.title = `${mine ? '● Your move · ' : ''}Room ${this.room} — Ringside`;
    this.status.className = `status ${st.status}${st.status === 'playing' && st.to_move === m.seat ? ' mine' : ''}`;
    this.renderPlayers(m);
    this.renderActions(m);
    this.renderMoves(st);
    this.renderChat(m);
    this.review.draw(st, m.seat);  // the board: live, or the ply being reviewed
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
      // The game's own words for how it ended ("with 4 white marbles"), else the reason's.
      const detail = this.game.endDetail ? this.game.endDetail(st) : null;
      const why = detail || REASONS[r.reason] || r.reason || '';
      const score = r.score && !detail ? ` (${r.score[0]}–${r.score[1]})` : '';
      if (r.winner) return `Game over: ${you(r.winner) === 'You' ? 'you win' : `${this.name(st, r.winner)} wins`}, ${why}${score}.${this.rematchText(m)}`;
      return `Game over: a draw, ${why}${score}.${this.rematchText(m)}`;
    }
    const mover = st.to_move;
    let text = mover === m.seat ? 'Your move' : `${this.name(st, mover)} to move`;
    text += this.game.statusDetail(st);
    if (st.draw_offer) text += `. ${st.draw_offer === m.seat ? 'You offered' : `${this.name(st, st.draw_offer)} offers`} a draw.`;
    if (st.takeback_offer) text += `. ${st.takeback_offer === m.seat ? 'You asked' : `${this.name(st, st.takeback_offer)} asks`} to take back a move.`;
    return text;
  }

  rematchText(m) {
    const st = m.state;
    if (st.rematch) return ' The rematch is on.';
    if (!st.rematch_offer) return '';
    return st.rematch_offer === m.seat ? ' You offered a rematch.' : ` ${this.name(st, st.rematch_offer)} offers a rematch.`;
  }

  showDeclined(msg) {
    const what = { draw: 'draw', takeback: 'takeback', rematch: 'rematch' }[msg.offer] || 'offer';
    const st = this.mirror && this.mirror.state;
    const who = st && this.mirror.seat === msg.seat ? 'You' : (st ? this.name(st, msg.seat) : 'The other player');
    this.hintLine.textContent = `${who} declined the ${what}.`;
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
      const rating = p ? ratingText(p) : '';
      const detail = this.game.playerDetail(st, seat);
      this.players.append(h('div', { class: `player${turn ? ' to-move' : ''}`, 'data-seat': seat },
        h('div', { class: 'player-line' },
          h('span', { class: `seat-mark seat-${seat} g-${st.game}`, 'aria-hidden': 'true' }),
          h('span', { class: `player-name${p && p.guest ? ' guest' : ''}` }, name),
          rating ? h('span', { class: 'rating' }, ` ${rating}`) : null,
          p && !p.online ? h('span', { class: 'player-offline' }, ' offline') : null,
          h('span', { class: 'seat-tag' }, ` ${tag}`),
          h('span', { class: 'clock', 'data-clock': seat, 'aria-label': `time left, player ${seat}` }, '')),
        h('div', { class: 'player-detail' }, detail)));
    }
    this.updateClocks();
  }

  updateClocks() {
    const m = this.mirror;
    if (!m || !m.state) return;
    const days = isCorrespondence(m.state);
    for (const el of this.players.querySelectorAll('[data-clock]')) {
      const seat = Number(el.dataset.clock);
      const p = m.state.players[seat - 1];
      const ms = m.clockMs(seat);
      const waiting = p && p.clock_started === false;
      const running = ms !== null && !waiting && m.state.status === 'playing' && m.state.to_move === seat;
      // The largest clock seen stands for the initial time (the state does not carry it).
      if (ms !== null) m.clockPeak = Math.max(m.clockPeak || 0, p.clock_ms);
      let text = ms === null ? '' : days ? `${daysText(ms)}${running ? ' left' : ''}` : clockText(ms);
      if (waiting && ms !== null) text += ' · starts at first move';
      if (el.textContent !== text) el.textContent = text;
      const low = running && !days && ms < Math.max(LOW_TIME_MS, (m.clockPeak || 0) / 10);
      el.classList.toggle('low', low);
      el.classList.toggle('not-started', Boolean(waiting));
      el.title = waiting ? 'this clock starts with the player\'s first move' : p && p.deadline ? `moves by ${new Date(p.deadline).toLocaleString()}` : '';
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
        buttons.push(h('button', { type: 'button', onclick: () => this.send('decline_draw') }, 'Decline'));
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
      if (st.takebacks) buttons.push(...this.takebackButtons(m, other));
    }
    if (st.status === 'finished' && m.seat && !st.rematch && st.players[other - 1]) {
      if (st.rematch_offer === other) {
        buttons.push(h('button', { type: 'button', class: 'primary', onclick: () => this.send('rematch') }, 'Accept rematch'));
        buttons.push(h('button', { type: 'button', onclick: () => this.send('decline_rematch') }, 'Decline rematch'));
      } else {
        buttons.push(h('button', { type: 'button', disabled: st.rematch_offer === m.seat, onclick: () => this.send('rematch') },
          st.rematch_offer === m.seat ? 'Rematch offered' : 'Rematch'));
      }
    }
    if (st.rematch) {
      buttons.push(h('button', { type: 'button', class: 'primary', onclick: () => this.app.go(st.rematch) },
        m.seat ? 'Go to the rematch' : 'Watch the rematch'));
    }
    buttons.push(h('a', { class: 'button', href: `${this.app.httpBase}/api/rooms/${encodeURIComponent(this.room)}/record`, download: `ringside-${this.room}.zen` }, 'Download record'));
    buttons.push(h('button', { type: 'button', onclick: () => this.copyLink() }, 'Copy link'));
    clear(this.actions).append(...buttons);
  }

  // Ask to take back one's last move, or answer the other player's ask.
  takebackButtons(m, other) {
    const st = m.state;
    if (st.takeback_offer === other) {
      return [
        h('button', { type: 'button', onclick: () => this.send('takeback') }, 'Accept takeback'),
        h('button', { type: 'button', onclick: () => this.send('decline_takeback') }, 'Decline takeback'),
      ];
    }
    const moved = (st.history_by || []).includes(m.seat);
    return [h('button', { type: 'button', disabled: !moved || st.takeback_offer === m.seat, onclick: () => this.send('takeback') },
      st.takeback_offer === m.seat ? 'Takeback asked' : 'Takeback')];
  }

  copyLink() {
    const url = `${location.origin}${location.pathname}${location.search}#/room/${this.room}`;
    if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
    this.hintLine.textContent = `Link: ${url}`;
  }

  send(type) {
    this.app.conn.request({ type, room: this.room }).catch((err) => this.showError(err.message, err.code));
  }

  renderMoves(st) {
    // The server says who made each entry (history_by): no turn order is known here.
    const by = st.history_by || [];
    const items = st.history.map((token, i) => {
      const seat = by[i] === 2 ? 2 : 1;
      return h('li', { 'data-ply': i, class: `seat-${seat}` },
        h('span', { class: 'who-moved' }, this.name(st, seat)), ' ', h('code', {}, token));
    });
    // The same length is not the same list: a takeback and a new move keep the count.
    const key = `${st.history.join(' ')}|${by.join('')}`;
    if (this.movesKey === key && items.length > 0) return;
    this.movesKey = key;
    clear(this.moves).append(...items);
    this.moves.scrollTop = this.moves.scrollHeight;
  }

  renderChat(m) {
    if (m.chatSerial === this.lastChatSerial) return;
    this.lastChatSerial = m.chatSerial;
    // Each name and text in its own bidi isolate: a right-to-left name or text cannot reorder
    // the other, so a line always reads as who, then what.
    clear(this.chatLog).append(...m.chat.map((c) => h('li', {}, h('b', {}, h('bdi', {}, c.from)), ': ', h('bdi', {}, c.text))));
    this.chatLog.scrollTop = this.chatLog.scrollHeight;
  }
}
