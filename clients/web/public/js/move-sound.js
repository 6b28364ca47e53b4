// move-sound — a short knock when a move lands, made by the page itself (Web Audio: nothing
// is downloaded). Off by default on touch screens (a phone in a pocket or a classroom should
// stay silent until asked), on elsewhere; the player's choice is kept in this browser.

const KEY = 'ringside.sound';

export class MoveSound {
  constructor() {
    const kept = localStorage.getItem(KEY);
    const touch = window.matchMedia && window.matchMedia('(pointer: coarse)').matches;
    this.on = kept === null ? !touch : kept === 'on';
    this.played = 0;  // how many knocks were made (read by tests)
    this.context = null;
  }

  toggle() {
    this.on = !this.on;
    localStorage.setItem(KEY, this.on ? 'on' : 'off');
  }

  play() {
    if (!this.on) return;
    this.played += 1;
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      if (!this.context) this.context = new Ctx();
      const ctx = this.context;
      // A browser may keep the context suspended until the user has clicked something.
      if (ctx.state === 'suspended') ctx.resume().catch(() => {});
      const t = ctx.currentTime;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'triangle';
      osc.frequency.setValueAtTime(520, t);
      osc.frequency.exponentialRampToValueAtTime(220, t + 0.08);
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.25, t + 0.005);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.12);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + 0.13);
    } catch {
      // No sound is no harm: the move is on the board.
    }
  }
}
