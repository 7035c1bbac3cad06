// A test-only writer of the search index's format 2 (the contract vitrine's SearchCode and
// SearchIndex write): the codes, and a small site of pieces made from a list of items, to test
// the page's search against a plain reckoning over the same items.
import { DIGITS } from '../src/search-code.js';
import { termPiecePath, valuePiecePath } from '../src/search-pieces.js';

// The fields' weights the index states (as vitrine's SearchFields.weights).
export const WEIGHTS = { title: 3, keywords: 3, caption: 2, place: 2, album: 2, name: 1, camera: 1 };

export function varint(value) {
  const groups = [];
  let rest = value;
  do {
    groups.unshift(rest % 32);
    rest = Math.floor(rest / 32);
  } while (rest > 0);
  return groups.map((group, at) => DIGITS[at < groups.length - 1 ? 32 + group : group]).join('');
}

export function fixed(value, width) {
  let text = '';
  let rest = value;
  for (let place = 0; place < width; place++) {
    text = DIGITS[rest % 64] + text;
    rest = Math.floor(rest / 64);
  }
  return text;
}

export const deltaSet = (numbers) => numbers.map((number, at) => varint(at ? number - numbers[at - 1] - 1 : number)).join('');

export function bitmapSet(numbers) {
  if (!numbers.length) return '~';
  const digits = new Array(Math.floor(numbers[numbers.length - 1] / 6) + 1).fill(0);
  for (const number of numbers) digits[Math.floor(number / 6)] |= 1 << (number % 6);
  return `~${digits.map((digit) => DIGITS[digit]).join('')}`;
}

// The shorter form, the gaps on a tie.
export function set(numbers) {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const delta = deltaSet(sorted);
  const bitmap = bitmapSet(sorted);
  return sorted.length && bitmap.length < delta.length ? bitmap : delta;
}

const COLUMNS = ['album', 'date', 'camera', 'lens', 'kind'];
const widthFor = (count) => {
  let width = 0;
  while (count >= 64 ** width) width += 1;
  return width;
};

// The gallery's tables and widths for `items` ({ number, album, date, camera, lens, kind, rating,
// keywords, terms: { term: mask } }).
export function tablesOf(items) {
  const tables = {};
  for (const column of [...COLUMNS, 'keyword']) {
    const values = items.flatMap((item) => (column === 'keyword' ? item.keywords || [] : item[column] ? [item[column]] : []));
    tables[column] = [...new Set(values)].sort();
  }
  const widths = Object.fromEntries(COLUMNS.map((column) => [column, tables[column].length ? widthFor(tables[column].length) : 0]));
  return { tables, widths };
}

const tableValue = (tables, column, value) => (value ? tables[column].indexOf(value) + 1 : 0);

export function rows(items, { tables, widths }) {
  const sorted = [...items].sort((a, b) => a.number - b.number);
  let f = '';
  let k = '';
  for (const item of sorted) {
    for (const column of COLUMNS) f += fixed(tableValue(tables, column, item[column]), widths[column]);
    f += fixed(item.rating || 0, 1);
    const keywords = (item.keywords || []).map((keyword) => tableValue(tables, 'keyword', keyword)).sort((a, b) => a - b);
    k += varint(keywords.length) + keywords.map(varint).join('');
  }
  return { n: set(sorted.map((item) => item.number)), f, k };
}

export function counts(items, { tables }) {
  const result = {};
  for (const column of [...COLUMNS, 'keyword', 'rating']) {
    const tally = new Map();
    for (const item of items) {
      const values =
        column === 'keyword'
          ? (item.keywords || []).map((keyword) => tableValue(tables, 'keyword', keyword))
          : [column === 'rating' ? item.rating || 0 : tableValue(tables, column, item[column])];
      for (const value of values) if (value) tally.set(value, (tally.get(value) || 0) + 1);
    }
    result[column] = [...tally]
      .sort((a, b) => a[0] - b[0])
      .map(([value, count]) => varint(value) + varint(count))
      .join('');
  }
  return result;
}

// Rows of the items of `named` that no counted set leaves without (every item of a set without counts).
function rowsAndCounts(sets, byNumber, coding, rowLimit) {
  const counted = {};
  const needRows = new Set();
  for (const [key, numbers] of Object.entries(sets)) {
    if (numbers.length > rowLimit)
      counted[key] = counts(
        numbers.map((number) => byNumber.get(number)),
        coding,
      );
    else for (const number of numbers) needRows.add(number);
  }
  return {
    counts: counted,
    rows: rows(
      [...needRows].map((number) => byNumber.get(number)),
      coding,
    ),
  };
}

const script = (path, data) => ({ path, data });

// The pieces of a gallery of `items`: a Map path → data, as the store gives them. Terms are
// split by their first character; `albumsByID` gives albums' parents.
export function sitePieces(items, albumsByID, { rowLimit = 3, columnBlock = 4, recordBlock = 8 } = {}) {
  const coding = tablesOf(items);
  const byNumber = new Map(items.map((item) => [item.number, item]));
  const pieces = [];
  const terms = new Map();
  for (const item of items) {
    for (const [term, mask] of Object.entries(item.terms || {})) {
      const prefix = [...term][0];
      if (!terms.has(prefix)) terms.set(prefix, new Map());
      const byTerm = terms.get(prefix);
      if (!byTerm.has(term)) byTerm.set(term, new Map());
      const byMask = byTerm.get(term);
      byMask.set(mask, [...(byMask.get(mask) || []), item.number]);
    }
  }
  for (const [prefix, byTerm] of terms) {
    const coded = {};
    const sets = {};
    for (const [term, byMask] of byTerm) {
      coded[term] = [...byMask].flatMap(([mask, numbers]) => [mask, set(numbers)]);
      sets[term] = [...byMask.values()].flat().sort((a, b) => a - b);
    }
    pieces.push(script(termPiecePath(prefix), { prefix, terms: coded, ...rowsAndCounts(sets, byNumber, coding, rowLimit) }));
  }
  pieces.push(...valuePieces(items, albumsByID, coding, byNumber, rowLimit));
  const last = Math.max(...items.map((item) => item.number));
  for (let start = 0; start <= last; start += columnBlock) {
    const block = items.filter((item) => item.number >= start && item.number < start + columnBlock);
    const name = String(start / columnBlock).padStart(4, '0');
    pieces.push(script(`search/c/${name}.js`, { start, rows: rows(block, coding) }));
  }
  for (let start = 0; start <= last; start += recordBlock) {
    const list = Array.from({ length: recordBlock }, (_, at) => byNumber.get(start + at)?.record || null);
    const name = String(start / recordBlock).padStart(4, '0');
    pieces.push(script(`search/r/${name}.js`, { start, items: list }));
  }
  const index = {
    version: 3,
    count: items.length,
    recordBlock,
    columnBlock,
    rowLimit,
    // Each group a piece of its own, as index.js may list it (vitrine packs small sibling groups).
    pieces: [...terms.keys()].sort().map((prefix) => [prefix]),
    fields: { title: 1, keywords: 2, caption: 4, place: 8, album: 16, name: 32, camera: 64 },
    weights: WEIGHTS,
    ...coding,
    facets: galleryFacets(items),
    longestTerm: 40,
  };
  pieces.push(script('search/index.js', index));
  return new Map(pieces.map(({ path, data }) => [path, data]));
}

// Each item's values of filter `name` (as the page's filters name them).
export function filterValues(item, name, albumsByID) {
  switch (name) {
    case 'album': {
      const chain = [];
      for (let id = item.album; id; id = albumsByID[id]?.parent) chain.push(id);
      return chain;
    }
    case 'year':
      return item.date ? [item.date.slice(0, 4)] : [];
    case 'month':
      return item.date?.length === 7 ? [item.date] : [];
    case 'keyword':
      return item.keywords || [];
    case 'rating':
      return [1, 2, 3, 4, 5].filter((least) => (item.rating || 0) >= least).map(String);
    default:
      return item[name] ? [item[name]] : [];
  }
}

const FACETS = ['album', 'year', 'month', 'camera', 'lens', 'keyword', 'rating', 'kind'];

function valuePieces(items, albumsByID, coding, byNumber, rowLimit) {
  const byPath = new Map();
  for (const facet of FACETS) {
    const sets = new Map();
    for (const item of items) {
      for (const value of filterValues(item, facet, albumsByID)) sets.set(value, [...(sets.get(value) || []), item.number]);
    }
    for (const [value, numbers] of sets) {
      const path = valuePiecePath(facet, value);
      if (!byPath.has(path)) byPath.set(path, { facet, sets: {} });
      byPath.get(path).sets[value] = numbers.sort((a, b) => a - b);
    }
  }
  return [...byPath].map(([path, { facet, sets }]) => {
    const values = Object.fromEntries(Object.entries(sets).map(([value, numbers]) => [value, set(numbers)]));
    return script(path, { facet, values, ...rowsAndCounts(sets, byNumber, coding, rowLimit) });
  });
}

function galleryFacets(items) {
  const facets = {};
  for (const name of ['kind', 'year', 'month', 'camera', 'lens', 'keyword', 'rating']) {
    const tally = new Map();
    for (const item of items) {
      const values = name === 'rating' ? (item.rating ? [String(item.rating)] : []) : filterValues(item, name, {});
      for (const value of values) tally.set(value, (tally.get(value) || 0) + 1);
    }
    facets[name] = [...tally];
  }
  return facets;
}
