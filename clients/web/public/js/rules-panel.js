// rules-panel — one game's rules on one screen, in a dialog reachable from the lobby and from
// a room. The text is the game module's own (games/*.js), shortened from the rulebooks.

import { h, clear } from './dom.js';
import { gameModule, titleOf } from './games/index.js';

let dialog = null;

function ensureDialog() {
  if (dialog) return dialog;
  dialog = h('dialog', { id: 'rules-dialog', class: 'rules', 'aria-labelledby': 'rules-title' });
  document.body.append(dialog);
  return dialog;
}

// Opens the rules of game `name` ("zertz", "dvonn").
export function showRules(name) {
  const d = ensureDialog();
  const rules = gameModule(name).rules;
  const close = h('button', { type: 'button', class: 'primary', onclick: () => d.close() }, 'Close');
  clear(d).append(
    h('h2', { id: 'rules-title' }, `How to play ${titleOf(name)}`),
    rules
      ? h('dl', { class: 'rules-list' }, rules.map(([term, text]) => [h('dt', {}, term), h('dd', {}, text)]))
      : h('p', {}, 'This page has no summary of these rules yet.'),
    h('div', { class: 'rules-close' }, close));
  if (!d.open) d.showModal();
  close.focus();
}

// A button that opens them.
export function rulesButton(nameFn, text = 'Rules') {
  return h('button', { type: 'button', class: 'rules-button', onclick: () => showRules(nameFn()) }, text);
}
