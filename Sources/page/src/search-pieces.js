// Which of the search index's pieces (search/…js, made by vitrine's SearchIndex) a query loads,
// and loading them. Terms live in pieces by prefix: a piece holds the terms starting with its
// prefix that no piece of a longer prefix holds. So a word is found exactly in the piece of the
// longest prefix of it, and as a prefix ("bea" finds beach) in that piece and in every piece whose
// prefix starts with it: but never in more than PREFIX_BUDGET_KIB of pieces (index.js states each
// piece's size; a word of one letter in a large gallery), else it is matched exactly until more of
// it is typed.

export const INDEX_PATH = 'search/index.js';
// The index's format this page reads (vitrine's SearchIndex.version): an index of another, left by
// an older vitrine until the site's next page run, is no index.
export const INDEX_VERSION = 2;
// The most KiB of term pieces one word typed as a prefix loads (a one-word query's budget, with
// index.js and a screen of records, is about three times that), and the fewest characters it
// has: each keystroke searches, and one letter would load and match a large share of the index.
export const PREFIX_BUDGET_KIB = 96;
export const SHORTEST_PREFIX = 2;

// A term piece's path: its prefix's UTF-8 bytes in lower-case hex.
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

// What one word of a query needs: { word, asPrefix, prefixes } (the pieces' prefixes). `asPrefix`
// asks for prefix matching (the last word, as it is typed); it is dropped for a word shorter than
// SHORTEST_PREFIX, or when the pieces it takes weigh more than PREFIX_BUDGET_KIB (`sizes`: each
// piece's KiB, in `prefixes`' order).
export function piecesForWord(word, prefixes, asPrefix, sizes) {
  const exact = exactPrefix(word, prefixes);
  const own = exact === null ? [] : [exact];
  if (!asPrefix || length(word) < SHORTEST_PREFIX) return { word, asPrefix: false, prefixes: own };
  let weight = 0;
  const taken = [];
  prefixes.forEach((prefix, at) => {
    if (prefix !== exact && !prefix.startsWith(word)) return;
    taken.push(prefix);
    weight += Array.isArray(sizes) && typeof sizes[at] === 'number' ? sizes[at] : PREFIX_BUDGET_KIB;
  });
  if (taken.length > 1 && weight > PREFIX_BUDGET_KIB) return { word, asPrefix: false, prefixes: own };
  return { word, asPrefix: true, prefixes: own.concat(taken.filter((prefix) => prefix !== exact)) };
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
