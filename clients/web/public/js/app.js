// app — boots the page: the name asked once, the connection, the rooms this browser is in,
// and the views (#/ the lobby, #/room/ID a room, #/player/NAME a player's page).

import { Connection, serverUrl, httpBase } from './connection.js';
import { RoomMirror } from './room-mirror.js';
import { LobbyView } from './lobby-view.js';
import { RoomView, sound } from './room-view.js';
import { PlayerView } from './player-view.js';
import { learnOffers, offers } from './games/index.js';

const NAME_KEY = 'ringside.name';

// "Ringside — ZÈRTZ and DVONN": the games the server says it plays.
function lobbyTitle() {
  const titles = offers().games.map((g) => g.title);
  if (titles.length === 0) return 'Ringside';
  const last = titles.pop();
  return `Ringside — ${titles.length ? `${titles.join(', ')} and ` : ''}${last}`;
}

class App {
  constructor() {
    this.url = serverUrl(location);
    this.httpBase = httpBase(this.url);
    this.tokenKey = `ringside.token ${this.url}`;
    this.mirrors = new Map();  // room id -> RoomMirror, for every room joined on this link
    this.main = document.getElementById('main');
    this.linkState = document.getElementById('link-state');
    this.who = document.getElementById('who');
    this.noticeLine = document.getElementById('notice');
    this.accountOpen = document.getElementById('account-open');
    this.signOut = document.getElementById('sign-out');
    this.view = null;
    this.lobby = null;
  }

  start() {
    const name = localStorage.getItem(NAME_KEY);
    if (name) this.connect();
    else this.askName('');
    window.addEventListener('hashchange', () => this.route());
    this.accountOpen.addEventListener('click', () => this.askAccount());
    this.signOut.addEventListener('click', () => this.logout());
  }

  // Sign in (login) or create an account (register the current identity) from the header.
  askAccount() {
    const dialog = document.getElementById('account-dialog');
    const form = document.getElementById('account-form');
    const nameInput = document.getElementById('account-name');
    const password = document.getElementById('account-password');
    const problem = document.getElementById('account-error');
    problem.hidden = true;
    nameInput.value = localStorage.getItem(NAME_KEY) || '';
    password.value = '';
    document.getElementById('account-cancel').onclick = () => dialog.close();
    form.onsubmit = (ev) => {
      ev.preventDefault();
      const action = ev.submitter ? ev.submitter.value : 'login';
      const name = nameInput.value.trim();
      if (!name || !this.conn || this.conn.status !== 'online') return;
      const msg = { type: action, name, password: password.value };
      this.conn.request(msg).then((answer) => {
        password.value = '';
        dialog.close();
        localStorage.setItem(NAME_KEY, answer.name);
        if (answer.type === 'welcome') this.conn.adopt(answer);
        else this.showWho(answer.name, false);
      }, (err) => {
        problem.textContent = err.message || err.code;
        problem.hidden = false;
      });
    };
    if (!dialog.open) dialog.showModal();
    (nameInput.value ? password : nameInput).focus();
  }

  logout() {
    if (!this.conn) return;
    this.conn.request({ type: 'logout' }).then(() => {
      // This browser's token is revoked: go on as a new guest.
      this.conn.identity.clearToken();
      this.conn.hello();
    }, () => {});
  }

  showWho(name, guest) {
    // The guest mark is drawn by the style sheet (.guest::after), so the name's text stays the name.
    this.who.textContent = name;
    this.who.classList.toggle('guest', guest);
    this.accountOpen.hidden = !guest;
    this.signOut.hidden = guest;
  }

  askName(problem) {
    const dialog = document.getElementById('name-dialog');
    const input = document.getElementById('name-input');
    const form = document.getElementById('name-form');
    const old = dialog.querySelector('.error');
    if (old) old.remove();
    if (problem) {
      const p = document.createElement('p');
      p.className = 'error';
      p.textContent = problem;
      form.insertBefore(p, form.querySelector('button'));
    }
    input.value = localStorage.getItem(NAME_KEY) || '';
    form.onsubmit = (ev) => {
      ev.preventDefault();
      const value = input.value.trim();
      if (!value) return;
      localStorage.setItem(NAME_KEY, value);
      dialog.close();
      if (this.conn) this.conn.hello();
      else this.connect();
    };
    if (!dialog.open) dialog.showModal();
    input.focus();
  }

  connect() {
    const identity = {
      name: () => localStorage.getItem(NAME_KEY) || 'player',
      token: () => localStorage.getItem(this.tokenKey),
      setToken: (t) => localStorage.setItem(this.tokenKey, t),
      clearToken: () => localStorage.removeItem(this.tokenKey),
    };
    const conn = new Connection(this.url, identity);
    this.conn = conn;
    window.ringside = { app: this, conn, sound };  // for the curious and for tests' diagnostics
    conn.on('status', (status) => this.showLink(status));
    conn.on('problem', (text) => this.askName(text));
    conn.on('welcome', (w) => this.welcomed(w));
    conn.on('joined', (msg) => this.joined(msg));
    conn.on('snapshot', (msg) => this.snapshot(msg));
    conn.on('patch', (msg) => this.patch(msg));
    conn.on('chat', (msg) => this.chat(msg));
    // A seek of ours met another: its room's `joined` follows, and takes us there.
    conn.on('paired', (msg) => {
      this.pairedRoom = msg.room;
      if (this.lobby) this.lobby.quick.paired(msg);
    });
    // The server's word to this user (e.g. the identity was used from elsewhere): one line
    // under the header until the next one.
    conn.on('notice', (msg) => {
      this.noticeLine.textContent = String(msg.message || '');
      this.noticeLine.hidden = false;
    });
    // A declined offer (draw, takeback, rematch): a line in that room's view.
    conn.on('declined', (msg) => {
      if (this.view && this.view.room === msg.room && this.view.showDeclined) this.view.showDeclined(msg);
    });
    // The rematch is made: a player looking at the finished game follows to the new room (its
    // `joined` has come or comes next); a spectator gets a button to watch it (the state's rematch).
    conn.on('rematch_started', (msg) => {
      const m = this.mirrors.get(msg.room);
      if (m && m.seat && this.currentRoom() === msg.room) this.go(msg.new_room);
    });
    conn.on('error', (msg) => {
      if (msg.re === undefined && this.view && this.view.showError) this.view.showError(msg.message);
    });
    this.route();
    conn.start();
  }

  showLink(status) {
    const text = { online: 'online', connecting: 'connecting…', reconnecting: 'reconnecting…' }[status];
    const wait = status === 'reconnecting' ? Math.max(0, Math.round((this.conn.retryAt - Date.now()) / 1000)) : 0;
    this.linkState.textContent = wait > 0 ? `${text} (retry in ${wait} s)` : text;
    this.linkState.className = `link-state ${status}`;
    document.body.classList.toggle('offline', status !== 'online');
    if (status === 'online' && this.view && this.view.linkBack) this.view.linkBack();
  }

  welcomed(w) {
    this.showWho(w.name, w.guest !== false);
    // What the server plays (its games, variants, boards, clocks, levels) feeds the create form.
    learnOffers(w);
    if (this.lobby) this.lobby.fillChoices();
    if (this.view && this.view === this.lobby) document.title = lobbyTitle();
    if (this.view && this.view !== this.lobby && this.view.render) this.view.render();
    const before = [...this.mirrors.values()];
    // The server answers `welcome` with a `joined` for every seat this identity holds; an
    // answered request after it means those have all arrived (messages keep their order).
    this.conn.request({ type: 'list_rooms' }).then(() => {
      for (const m of before) {
        if (!m.fresh && !m.seat && m.room !== this.currentRoom()) this.conn.send({ type: 'join', room: m.room, as: 'spectator' });
      }
      this.ensureJoined();
      if (this.lobby && this.view === this.lobby) this.lobby.refresh();
    }, () => {});
    for (const m of this.mirrors.values()) m.fresh = false;
  }

  // In a room's view but not in the room: watch it (a seat this identity holds comes back
  // whatever `as` says).
  ensureJoined() {
    const room = this.currentRoom();
    if (!room || this.conn.status !== 'online') return;
    const m = this.mirrors.get(room);
    if (m && m.fresh) return;
    this.conn.request({ type: 'join', room, as: 'spectator' }).catch((err) => {
      if (this.view && this.view.room === room) {
        if (err.code === 'no_such_room') this.view.showMissing();
        else this.view.status.textContent = err.message;
      }
    });
  }

  // A spectator takes a free seat: the server seats only those who join as players, so first
  // leave as a spectator (no answer comes to that), then join as a player.
  takeSeat(room) {
    this.conn.send({ type: 'leave', room });
    this.conn.request({ type: 'join', room, as: 'player' }).catch((err) => {
      if (this.view && this.view.showError) this.view.showError(err.message);
    });
  }

  mirror(room) {
    if (!this.mirrors.has(room)) this.mirrors.set(room, new RoomMirror(room));
    return this.mirrors.get(room);
  }

  joined(msg) {
    const m = this.mirror(msg.room);
    m.seat = msg.seat;
    m.fresh = true;  // joined on this link
    m.adopt(msg.version, msg.state, msg.clock_elapsed_ms);
    if (Array.isArray(msg.chat)) m.setChat(msg.chat);
    this.changed(msg.room);
    if (msg.room === this.pairedRoom) {
      this.pairedRoom = null;
      this.go(msg.room);
    }
  }

  snapshot(msg) {
    const m = this.mirrors.get(msg.room);
    if (!m) return;
    if (m.adopt(msg.version, msg.state, msg.clock_elapsed_ms)) this.changed(msg.room);
  }

  patch(msg) {
    const m = this.mirrors.get(msg.room);
    if (!m) return;
    const result = m.applyPatch(msg.version, msg.ops);
    if (result === 'applied') {
      this.changed(msg.room);
    } else if (result === 'gap' && !m.syncing) {
      m.syncing = true;
      this.conn.request({ type: 'sync', room: msg.room }).catch(() => { m.syncing = false; });
    }
  }

  chat(msg) {
    const m = this.mirrors.get(msg.room);
    if (!m) return;
    m.addChat(msg);
    this.changed(msg.room);
  }

  changed(room) {
    if (this.view && this.view.room === room) this.view.render();
    else if (this.view && this.view === this.lobby) this.lobby.renderMine();
  }

  currentRoom() {
    const match = /^#\/room\/([A-Za-z0-9_-]{1,64})$/.exec(location.hash);
    return match ? match[1] : null;
  }

  currentPlayer() {
    const match = /^#\/player\/([^/]{1,300})$/.exec(location.hash);
    if (!match) return null;
    try {
      return decodeURIComponent(match[1]);
    } catch (e) {
      return null;  // a malformed %-escape names nobody
    }
  }

  go(room) {
    location.hash = room ? `#/room/${room}` : '#/';
  }

  route() {
    const room = this.currentRoom();
    if (this.view && this.view.room === room && room) return;
    if (this.view) {
      if (this.view.dispose) this.view.dispose();
      if (this.view.hide) this.view.hide();
      // Leaving a room we only watched: stop its patches. A seat is kept (the game goes on).
      const old = this.view.room && this.mirrors.get(this.view.room);
      if (old && !old.seat) {
        this.conn.send({ type: 'leave', room: old.room });
        this.mirrors.delete(old.room);
      }
    }
    const player = room ? null : this.currentPlayer();
    if (player) {
      this.view = new PlayerView(this, player);
      this.main.replaceChildren(this.view.element);
      document.title = `${player} — Ringside`;
    } else if (room) {
      this.view = new RoomView(this, room);
      this.main.replaceChildren(this.view.element);
      document.title = `Room ${room} — Ringside`;
      this.view.render();
      this.ensureJoined();
    } else {
      if (!this.lobby) this.lobby = new LobbyView(this);
      this.view = this.lobby;
      this.main.replaceChildren(this.lobby.element);
      document.title = lobbyTitle();
      this.lobby.show();
    }
  }
}

new App().start();
