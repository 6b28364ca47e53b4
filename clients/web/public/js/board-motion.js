// board-motion — the short animations that make a move easy to notice: a piece arriving
// (placed, or sliding in from where it came) and pieces leaving the board (captured, cut
// off). Nothing moves for a user who asked for reduced motion.

import { s } from './dom.js';

const ARRIVE_MS = 320;
const LEAVE_MS = 600;

export function reducedMotion() {
  return !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
}

// `el` (drawn where it ends) grows in place, or slides in from (dx, dy) away.
export function arrive(el, dx = 0, dy = 0) {
  if (!el || !el.animate) return;
  const from = dx || dy ? `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px)` : 'scale(0.2)';
  el.animate([{ transform: from, opacity: dx || dy ? 1 : 0.2 }, { transform: 'none', opacity: 1 }],
    { duration: ARRIVE_MS, easing: 'ease-out' });
}

// A copy of what was at (x, y) (an SVG element made by `make`), shrinking and fading away on
// `svg`, then removed.
export function leave(svg, x, y, make) {
  const g = s('g', { class: 'leaving', transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`, 'aria-hidden': 'true' });
  const inner = s('g', {}, make());
  g.append(inner);
  svg.append(g);
  if (!inner.animate) { g.remove(); return; }
  const a = inner.animate([{ transform: 'scale(1)', opacity: 1 }, { transform: 'scale(0.3)', opacity: 0 }],
    { duration: LEAVE_MS, easing: 'ease-in', fill: 'forwards' });
  a.onfinish = () => g.remove();
}

// A polyline's points with both ends pulled in by `inset`, so that an arrow runs between
// pieces and never covers one (or the height written on it).
export function inset(points, by) {
  if (points.length < 2) return points;
  const pull = (a, b) => {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const k = Math.min(by, len / 2 - 1) / len;
    return { x: a.x + dx * k, y: a.y + dy * k };
  };
  const out = points.slice();
  out[0] = pull(points[0], points[1]);
  out[out.length - 1] = pull(points[points.length - 1], points[points.length - 2]);
  return out;
}
