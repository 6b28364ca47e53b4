// Small DOM helpers: build elements from a tag, attributes and children, never from HTML
// strings, so nothing a server or another player sends is ever parsed as markup.

const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
    } else if (key === 'text') {
      el.textContent = value;
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

const HOUR_MS = 3600000;
const DAY_MS = 24 * HOUR_MS;

// A correspondence clock's time as people count days: "2 d 4 h", "5 h 12 min", "3 min".
export function daysText(ms) {
  const t = Math.max(0, ms);
  if (t >= DAY_MS) return `${Math.floor(t / DAY_MS)} d ${Math.floor((t % DAY_MS) / HOUR_MS)} h`;
  if (t >= HOUR_MS) return `${Math.floor(t / HOUR_MS)} h ${Math.floor((t % HOUR_MS) / 60000)} min`;
  return `${Math.ceil(t / 60000)} min`;
}

// Milliseconds as m:ss, or h:mm:ss past an hour; tenths under ten seconds.
export function clockText(ms) {
  if (ms === null || ms === undefined) return '';
  const t = Math.max(0, ms);
  if (t < 10000) return `0:0${(t / 1000).toFixed(1)}`;
  const total = Math.floor(t / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
