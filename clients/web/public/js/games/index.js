// games/index — the one registry of games on the page. What a player may choose (games,
// titles, variants, boards, clocks, computer levels) comes from the server (welcome's
// `games` and `clocks`, the same as GET /api/games); how a game is drawn and described comes
// from its module here. A game the server plays and this page has no module for is still
// listed and playable by typing moves.

import { h } from '../dom.js';
import { zertz } from './zertz.js';
import { dvonn } from './dvonn.js';

const MODULES = new Map([zertz, dvonn].map((m) => [m.name, m]));

let offered = { games: [], clocks: [] };

// The server's list, from `welcome` (or GET /api/games).
export function learnOffers(list) {
  if (list && Array.isArray(list.games)) {
    offered = { games: list.games, clocks: list.clocks || [], correspondence_days: list.correspondence_days || [] };
  }
}

export function offers() {
  return offered;
}

export function offerOf(name) {
  return offered.games.find((g) => g.name === name) || null;
}

// One variant of a game as the server lists it ({name, board, win?}), or null.
export function variantOffer(name, variant) {
  const g = offerOf(name);
  return (g && g.variants.find((v) => v.name === variant)) || null;
}

// The name people read ("ZÈRTZ"), as the server gives it.
export function titleOf(name) {
  const g = offerOf(name);
  return g ? g.title : name;
}

// A board size worth showing beside a room: only for a game played on several.
export function boardText(name, board) {
  const g = offerOf(name);
  return g && g.boards.length > 1 && board ? ` ${board}` : '';
}

// A board for a game with no module: the room still works, moves are typed.
class TypedOnlyBoard {
  constructor(name) {
    this.element = h('p', { class: 'muted' }, `This page does not draw ${name} boards yet: type your moves below.`);
  }

  update() {}
}

function fallback(name) {
  return {
    name,
    createBoard: () => new TypedOnlyBoard(titleOf(name)),
    titleDetail: () => '',
    statusDetail: () => '',
    seatTag: (seat) => `player ${seat}`,
    playerDetail: (st, seat) => (Array.isArray(st.score) ? [h('span', { class: 'score' }, `score ${st.score[seat - 1]}`)] : []),
    endDetail: () => null,
    moveExample: '',
    rules: null,
  };
}

export function gameModule(name) {
  return MODULES.get(name) || fallback(name);
}
