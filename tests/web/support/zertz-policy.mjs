// A deterministic ZÈRTZ player for the browser tests, choosing only from what the state
// offers: the first capture chain when one is due; otherwise a marble of the first colour on
// hand, put where the opponent will have to capture (next to a marble with a vacant ring
// behind it — this is what makes the games short, 11–25 moves), and the first free ring
// removed. The geometry is the test's own (zertz-rules.md §1), not the client's.

const SHAPES = {
  37: { fc: [3, 2, 1, 0, 1, 2, 3], len: [4, 5, 6, 7, 6, 5, 4] },
  40: { fc: [3, 2, 1, 0, 1, 2, 3, 4], len: [4, 5, 6, 7, 6, 5, 4, 3] },
  43: { fc: [3, 2, 1, 0, 1, 2, 3, 4], len: [4, 5, 6, 7, 7, 6, 5, 3] },
  44: { fc: [3, 2, 1, 0, 1, 2, 3], len: [5, 6, 7, 8, 7, 6, 5] },
  48: { fc: [3, 2, 1, 0, 1, 2, 3, 4], len: [5, 6, 7, 8, 7, 6, 5, 4] },
  61: { fc: [4, 3, 2, 1, 0, 1, 2, 3, 4], len: [5, 6, 7, 8, 9, 8, 7, 6, 5] },
};
const STEPS = [[0, 2], [1, 1], [1, -1], [0, -2], [-1, -1], [-1, 1]];

function grid(size) {
  const shape = SHAPES[size];
  const at = new Map();
  const where = new Map();
  shape.fc.forEach((f, x) => {
    for (let k = 0; k < shape.len[x]; k++) {
      const name = String.fromCharCode(97 + x) + (k + 1);
      at.set(`${x},${f + 2 * k}`, name);
      where.set(name, [x, f + 2 * k]);
    }
  });
  return { at, where };
}

// { capture: [cells], token } or { colour, cell, remove (or null), token }. With
// { quiet: true } it places away from every marble instead, for a game that should last.
export function chooseZertzMove(state, { quiet = false } = {}) {
  if (state.must_capture) {
    const chain = state.captures[0];
    return { capture: chain, token: `${state.rings[chain[0]]}${chain.join('x')}` };
  }
  const pool = state.pool;
  const supply = Object.values(pool).every((n) => n === 0) ? state.captured[state.to_move - 1] : pool;
  const colour = ['W', 'G', 'B'].find((c) => supply[c] > 0);
  const vacant = Object.keys(state.rings).filter((c) => state.rings[c] === '').sort();
  const { at, where } = grid(state.board);
  const feeds = (v) => {
    const [x, y] = where.get(v);
    return STEPS.some(([dx, dy]) => {
      const over = at.get(`${x + dx},${y + dy}`);
      const land = at.get(`${x + 2 * dx},${y + 2 * dy}`);
      return over && land && state.rings[over] && state.rings[land] === '';
    });
  };
  const alone = (v) => {
    const [x, y] = where.get(v);
    return STEPS.every(([dx, dy]) => !state.rings[at.get(`${x + dx},${y + dy}`)]);
  };
  const cell = (quiet ? vacant.find(alone) : vacant.find(feeds)) || vacant[0];
  const remove = state.removable.filter((c) => c !== cell).sort()[0] || null;
  return { colour, cell, remove, token: remove ? `${colour}${cell}-${remove}` : `${colour}${cell}` };
}
