// Which of the search index's pieces (search/…js, made by vitrine's SearchIndex) a query loads,
// and loading them. Terms live in groups by prefix: a group holds the terms starting with its
// prefix that no group of a longer prefix holds; a term piece holds one group or a few (index.js
// lists each piece's prefixes, the first naming it). So a word is found exactly in the group of
// the longest prefix of it, and as a prefix ("bea" finds beach) in that group and in every group
// whose prefix starts with it: but never in more than PREFIX_BUDGET_KIB of pieces (index.js states
// each piece's size; a word of one letter in a large gallery), else it is matched exactly until
// more of it is typed.

import { cached } from './util.js';

export const INDEX_PATH = 'search/index.js';
// The index's format this page reads (vitrine's SearchIndex.version): an index of another, left by
// an older vitrine until the site's next page run, is no index.
export const INDEX_VERSION = 3;
// The most KiB of term pieces one word typed as a prefix loads (a one-word query's budget, with
// index.js and a screen of records, is about three times that), and the fewest characters it
// has: each keystroke searches, and one letter would load and match a large share of the index.
export const PREFIX_BUDGET_KIB = 96;
export const SHORTEST_PREFIX = 2;

// A term piece's path: its (first) prefix's UTF-8 bytes in lower-case hex.
export function termPiecePath(prefix) {
  return `search/t/${hexOf(new TextEncoder().encode(prefix))}.js`;
}

// The most bytes of a value its piece's name spells (vitrine's SearchIndex.longestValueKey):
// longer values share the piece of their first bytes, told apart by its `values`' keys.
export const LONGEST_VALUE_KEY = 100;

const hexOf = (bytes) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');

// The value piece of filter `name`'s value `value`: search/v/NAME-KEY.js, KEY the value's first
// LONGEST_VALUE_KEY UTF-8 bytes in lower-case hex. It names the items with that value.
export function valuePiecePath(name, value) {
  return `search/v/${name}-${hexOf(new TextEncoder().encode(String(value)).subarray(0, LONGEST_VALUE_KEY))}.js`;
}

const blockName = (number, block) => String(Math.floor(number / block)).padStart(4, '0');

// The record piece holding item `number`: search/r/NNNN.js, NNNN its block of `recordBlock`
// (4 digits or more).
export function recordPiecePath(number, recordBlock) {
  return `search/r/${blockName(number, recordBlock)}.js`;
}

// The column piece holding item `number`'s row: search/c/NNNN.js, NNNN its block of `columnBlock`.
export function columnPiecePath(number, columnBlock) {
  return `search/c/${blockName(number, columnBlock)}.js`;
}

const length = (text) => [...text].length;

// The longest of `prefixes` that `word` starts with, or null.
export function exactPrefix(word, prefixes) {
  let best = null;
  for (const prefix of prefixes) {
    if (word.startsWith(prefix) && (best === null || length(prefix) > length(best))) best = prefix;
  }
  return best;
}

// The index's term pieces (index.js's `pieces`: each piece's group prefixes, the first naming
// it) by group: { prefixes, pieceOf (by prefix: its piece's index) }, read once per index.
const groupsByPieces = new WeakMap();
function groupsOf(pieces) {
  return cached(groupsByPieces, pieces, () => {
    const groups = { prefixes: [], pieceOf: new Map() };
    pieces.forEach((piece, at) => {
      for (const prefix of Array.isArray(piece) ? piece : []) {
        if (typeof prefix !== 'string' || groups.pieceOf.has(prefix)) continue;
        groups.prefixes.push(prefix);
        groups.pieceOf.set(prefix, at);
      }
    });
    return groups;
  });
}

// What one word of a query needs: { word, asPrefix, prefixes } (the prefixes naming the pieces
// it loads). `pieces` are index.js's: each piece's group prefixes. `asPrefix` asks for prefix
// matching (the last word, as it is typed); it is dropped for a word shorter than SHORTEST_PREFIX,
// or when the pieces it takes weigh more than PREFIX_BUDGET_KIB (`sizes`: each piece's KiB, in
// `pieces`' order).
export function piecesForWord(word, pieces, asPrefix, sizes) {
  const { prefixes, pieceOf } = groupsOf(pieces);
  const exact = exactPrefix(word, prefixes);
  const own = exact === null ? [] : [pieceOf.get(exact)];
  const answer = (matchedAsPrefix, taken) => ({ word, asPrefix: matchedAsPrefix, prefixes: taken.map((at) => pieces[at][0]) });
  if (!asPrefix || length(word) < SHORTEST_PREFIX) return answer(false, own);
  const taken = new Set(own);
  for (const prefix of prefixes) if (prefix.startsWith(word)) taken.add(pieceOf.get(prefix));
  let weight = 0;
  for (const at of taken) weight += Array.isArray(sizes) && typeof sizes[at] === 'number' ? sizes[at] : PREFIX_BUDGET_KIB;
  return taken.size > 1 && weight > PREFIX_BUDGET_KIB ? answer(false, own) : answer(true, [...taken]);
}

// Loads the pieces at `paths` from the store (pieces.js), then calls callback(Map path → data),
// a piece that could not load left out; one not loaded while `stale()` says the caller has
// given up never calls back.
export function loadAll(store, paths, callback, stale) {
  const wanted = [...new Set(paths)];
  const loaded = new Map();
  let left = wanted.length;
  if (!left) {
    callback(loaded);
    return;
  }
  for (const path of wanted) {
    store.load(
      path,
      (data) => {
        if (data && typeof data === 'object') loaded.set(path, data);
        left -= 1;
        if (left === 0) callback(loaded);
      },
      stale,
    );
  }
}
