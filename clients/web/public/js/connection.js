// connection — one WebSocket to the server: says hello with the kept token, matches replies
// to requests by id, and reconnects with backoff (0.5 s doubling to 8 s, as the terminal
// client does) whenever the link drops. It knows the wire protocol's envelope, not rooms.

const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8000;

export class Connection {
  constructor(url, identity) {
    this.url = url;
    this.identity = identity;  // {name(), token(), setToken(t), clearToken()}
    this.status = 'connecting';  // connecting | online | reconnecting
    this.nextId = 1;
    this.pending = new Map();  // id -> {resolve, reject}
    this.backoff = FIRST_BACKOFF_MS;
    this.retryAt = 0;
    this.listeners = new Map();
    this.ws = null;
    this.everOnline = false;
  }

  on(type, fn) {
    if (!this.listeners.has(type)) this.listeners.set(type, []);
    this.listeners.get(type).push(fn);
  }

  emit(type, payload) {
    for (const fn of this.listeners.get(type) || []) fn(payload);
  }

  start() {
    this.open();
  }

  open() {
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (err) {
      this.scheduleRetry(String(err.message || err));
      return;
    }
    this.ws = ws;
    ws.onopen = () => this.hello();
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.scheduleRetry(ev.code === 1006 ? 'connection lost' : `closed (${ev.code})`);
    };
  }

  hello() {
    // lean: no position text (nothing here shows it), and a move is answered by its patch
    // carrying `re`, which settles the move's request like an ack would; compact: each patch
    // op a short array, which the room mirror reads (docs/protocol.md).
    const msg = { type: 'hello', name: this.identity.name(), lean: true, compact: true };
    const token = this.identity.token();
    if (token) msg.token = token;
    this.request(msg).then(
      (welcome) => this.adopt(welcome),
      (err) => {
        // A token this server never gave (its data was wiped): start a new identity.
        if (err.code === 'bad_token') {
          this.identity.clearToken();
          this.hello();
        } else {
          this.emit('problem', err.message);
        }
      });
  }

  // A welcome (to hello or login): its token is this browser's from now on.
  adopt(welcome) {
    this.identity.setToken(welcome.token);
    this.player = welcome.player;
    this.status = 'online';
    this.everOnline = true;
    this.backoff = FIRST_BACKOFF_MS;
    this.emit('status', this.status);
    this.emit('welcome', welcome);
  }

  scheduleRetry(why) {
    for (const { reject } of this.pending.values()) reject({ code: 'disconnected', message: why });
    this.pending.clear();
    this.status = this.everOnline ? 'reconnecting' : 'connecting';
    this.retryAt = Date.now() + this.backoff;
    this.emit('status', this.status);
    setTimeout(() => this.open(), this.backoff);
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
  }

  receive(text) {
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (msg.re !== undefined && this.pending.has(msg.re)) {
      const { resolve, reject } = this.pending.get(msg.re);
      this.pending.delete(msg.re);
      // A move's `ack` and a join's `joined` also go to the listeners below.
      if (msg.type === 'error') {
        reject(msg);
        return;
      }
      resolve(msg);
    }
    this.emit(msg.type, msg);
  }

  // Sends a request with a fresh id; resolves with the reply, rejects with the `error`.
  request(msg) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject({ code: 'disconnected', message: 'not connected; reconnecting…' });
        return;
      }
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  // For tests and the impatient: drop the link now (it reconnects as after any drop).
  drop() {
    if (this.ws) this.ws.close();
  }
}

// The server's WebSocket address: always this page's own server. No query parameter may
// point it elsewhere: a link could then make the page send a player's name to another
// server, show that server's rooms as this one's and fetch its records.
export function serverUrl(location) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws`;
}

// The HTTP base of that server (for /api/rooms/{room}/record).
export function httpBase(wsUrl) {
  const u = new URL(wsUrl);
  u.protocol = u.protocol === 'wss:' ? 'https:' : 'http:';
  u.pathname = '';
  return u.origin;
}
