// room-mirror — the client's copy of one room: the state of one version, patches applied in
// order (RFC 6902, fast-json-patch), a gap reported so the caller asks for `sync`, and when
// the current turn began so the running clock can be counted down between moves.

import { applyPatch } from '../vendor/fast-json-patch/core.js';

export class RoomMirror {
  constructor(room) {
    this.room = room;
    this.seat = null;
    this.version = -1;
    this.state = null;
    this.turnStartedAt = 0;  // performance.now() when the running side's turn began here
    this.elapsedBefore = 0;  // ms the running side had already used then (clock_elapsed_ms)
    this.syncing = false;
    this.chat = [];
    this.chatSerial = 0;  // bumped at every change of `chat`, so a view redraws it only then
  }

  // A chat line relayed now; the oldest go beyond 200.
  addChat(line) {
    this.chat.push(line);
    if (this.chat.length > 200) this.chat.shift();
    this.chatSerial += 1;
  }

  // The room's recent lines as `joined` brings them: they replace what was kept, so a
  // rejoin after a lost link shows each line once.
  setChat(lines) {
    this.chat = lines.slice(-200);
    this.chatSerial += 1;
  }

  // A whole state from `joined` or `snapshot`; older snapshots than ours are ignored.
  adopt(version, state, elapsedMs) {
    if (this.state && version < this.version) return false;
    const turnChanged = !this.state || turnKey(this.state) !== turnKey(state) || version !== this.version;
    this.version = version;
    this.state = state;
    this.syncing = false;
    if (turnChanged || elapsedMs !== undefined) {
      this.turnStartedAt = performance.now();
      this.elapsedBefore = elapsedMs || 0;
    }
    return true;
  }

  // 'applied', 'old' (already have it), or 'gap' (ask for sync).
  applyPatch(version, ops) {
    if (version <= this.version) return 'old';
    if (version !== this.version + 1 || !this.state) return 'gap';
    const before = turnKey(this.state);
    try {
      applyPatch(this.state, rfc6902Ops(ops), false, true);
    } catch {
      return 'gap';
    }
    this.version = version;
    if (turnKey(this.state) !== before) {
      this.turnStartedAt = performance.now();
      this.elapsedBefore = 0;
    }
    return 'applied';
  }

  // The clock of seat 1 or 2 now, in ms, or null when the room has no clock.
  clockMs(seat) {
    const p = this.state && this.state.players[seat - 1];
    if (!p || p.clock_ms === null || p.clock_ms === undefined) return null;
    if (this.state.status !== 'playing' || this.state.to_move !== seat) return p.clock_ms;
    // A player's clock starts with their first move (protocol.md, Clocks).
    if (p.clock_started === false) return p.clock_ms;
    // A correspondence turn ends at a date: counted from it, not from when we saw the turn.
    if (p.deadline) return Date.parse(p.deadline) - Date.now();
    return p.clock_ms - this.elapsedBefore - (performance.now() - this.turnStartedAt);
  }
}

// A patch's ops as RFC 6902 objects. A client that says `compact` at hello gets each op as an
// array, ["+", path, value] add, ["-", path] remove, ["=", path, value] replace
// (docs/protocol.md); a frame relayed by another node of a cluster may still carry objects.
const OPS = { '+': 'add', '-': 'remove', '=': 'replace' };
export function rfc6902Ops(ops) {
  if (!Array.isArray(ops) || !ops.some(Array.isArray)) return ops;
  return ops.map((op) => {
    if (!Array.isArray(op)) return op;
    const [code, path, value] = op;
    if (!OPS[code] || typeof path !== 'string' || op.length !== (code === '-' ? 2 : 3)) {
      throw new Error(`not a patch op: ${JSON.stringify(op)}`);
    }
    return code === '-' ? { op: 'remove', path } : { op: OPS[code], path, value };
  });
}

// Whether the room's clock is a correspondence clock (days per move), as far as the state says:
// a deadline on the running turn, or an allowance of a day or more.
export function isCorrespondence(state) {
  return state.players.some((p) => p && (p.deadline || (p.clock_ms !== null && p.clock_ms >= 86400000)));
}

// What changes exactly when a new turn begins: a move, or the game starting or ending.
function turnKey(state) {
  return `${state.status}/${state.ply}/${state.to_move}/${state.history.length}`;
}
