// The filters (facets) of a search. The index names filter values by their place in its tables
// (a value is its index + 1 there, 0 none); items' values come as rows (search-code.js's
// rowTable) or, for a large set, as precomputed counts of each value. Counting adds them up by
// table value, per column of a row (album, date, camera, lens, kind, keyword, rating); only the
// results are turned into the filters' choices: an album counts toward itself and the albums
// above it, a date toward its year and month, a rating toward every "rating ≥ N" it meets.
import { ROW_COLUMNS, varints } from './search-code.js';
import { cached } from './util.js';

// The filters, in the order the page shows them and the URL names them.
export const FILTER_NAMES = ['album', 'year', 'month', 'camera', 'lens', 'keyword', 'rating', 'kind'];
// Ratings a "rating ≥ N" filter offers.
const RATINGS = [5, 4, 3, 2, 1];
// The column of a row each filter counts.
export const COLUMN_OF = {
  album: 'album',
  year: 'date',
  month: 'date',
  camera: 'camera',
  lens: 'lens',
  keyword: 'keyword',
  rating: 'rating',
  kind: 'kind',
};
const COLUMNS = [...ROW_COLUMNS, 'keyword', 'rating'];

// Each album tree's chains, by album id, made once (an album has many items).
const chainsByTree = new WeakMap();

// Album `id` and the albums above it (by `albumsByID`'s parents), the root ('') left out.
export function albumAncestry(id, albumsByID) {
  if (typeof id !== 'string' || id === '') return [];
  const chains = cached(chainsByTree, albumsByID, () => new Map());
  let chain = chains.get(id);
  if (!chain) {
    chain = [];
    const seen = new Set();
    for (let step = id; typeof step === 'string' && step !== '' && !seen.has(step); step = albumsByID[step]?.parent) {
      seen.add(step);
      chain.push(step);
    }
    chains.set(id, chain);
  }
  return chain;
}

// The names of the filters `filters` chooses (name → value; '' or absent: none), in order.
export const chosenNames = (filters) =>
  FILTER_NAMES.filter((name) => filters[name] !== undefined && filters[name] !== null && filters[name] !== '');

const tableOf = (index, column) => (Array.isArray(index?.tables?.[column]) ? index.tables[column] : []);
// How many values a column has, 0 (none) included.
const columnSize = (index, column) => (column === 'rating' ? 6 : tableOf(index, column).length + 1);

// The choices of filter `name` table value `value` counts toward.
function choicesOf(index, albumsByID, name, value) {
  if (!value) return [];
  if (name === 'rating') return RATINGS.filter((least) => value >= least).map(String);
  const text = String(tableOf(index, COLUMN_OF[name])[value - 1] ?? '');
  if (name === 'album') return albumAncestry(text, albumsByID);
  if (name === 'year') return text.length >= 4 ? [text.slice(0, 4)] : [];
  if (name === 'month') return text.length === 7 ? [text] : [];
  return [text];
}

// A tally of filter values: `common` counts every column (the items passing every filter
// chosen), `own[name]` only filter `name`'s (the items failing that one filter alone).
export function newTally(index) {
  const arrays = (columns) => Object.fromEntries(columns.map((column) => [column, new Float64Array(columnSize(index, column))]));
  const own = {};
  for (const name of FILTER_NAMES) own[name] = new Float64Array(columnSize(index, COLUMN_OF[name]));
  return { common: arrays(COLUMNS), own };
}

// Adds precomputed `counts` ({ column: varint pairs }) to `arrays` (column → tally), in `columns`.
export function addCounts(arrays, counts, columns = COLUMNS) {
  for (const column of columns) {
    const pairs = varints(counts?.[column]);
    const tally = arrays[column];
    for (let at = 0; at + 1 < pairs.length; at += 2) if (pairs[at] < tally.length) tally[pairs[at]] += pairs[at + 1];
  }
}

// Adds row `position` of `table` to `arrays` (column → tally), in `columns`.
export function addRow(arrays, table, position, columns = COLUMNS) {
  for (const column of columns) {
    const tally = arrays[column];
    if (column === 'keyword') {
      table.keywords(position, (value) => {
        if (value < tally.length) tally[value] += 1;
      });
    } else {
      const value = table.value(position, column);
      if (value < tally.length) tally[value] += 1;
    }
  }
}

// Each filter's choices from a tally: { name: [[value, count]…] }, most first (years, months and
// ratings newest or highest first). `ready` gives some filters' choices as they are.
export function facetCounts(index, albumsByID, tally, ready = {}) {
  const counts = {};
  for (const name of FILTER_NAMES) {
    if (ready[name]) {
      counts[name] = ready[name];
      continue;
    }
    const common = tally.common[COLUMN_OF[name]];
    const own = tally.own[name];
    const choices = new Map();
    for (let value = 1; value < common.length; value++) {
      const count = common[value] + own[value];
      if (count > 0)
        for (const choice of new Set(choicesOf(index, albumsByID, name, value))) choices.set(choice, (choices.get(choice) || 0) + count);
    }
    counts[name] = sortedCounts(name, [...choices]);
  }
  return counts;
}

function sortedCounts(name, entries) {
  if (name === 'year' || name === 'month' || name === 'rating') return entries.sort((a, b) => (a[0] < b[0] ? 1 : -1));
  return entries.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

// The whole gallery's counts (search/index.js's facets) as facetCounts gives them, for a search
// of no word: ratings made "≥ N", albums left out (the index does not count them).
export function galleryCounts(facets) {
  const counts = {};
  for (const name of FILTER_NAMES) {
    const list = facets && Array.isArray(facets[name]) ? facets[name].filter((entry) => Array.isArray(entry)) : [];
    counts[name] = sortedCounts(
      name,
      list.map(([value, count]) => [String(value), count]),
    );
  }
  const exact = new Map(counts.rating.map(([value, count]) => [Number(value), count]));
  counts.rating = RATINGS.map((least) => [
    String(least),
    [...exact].filter(([value]) => value >= least).reduce((sum, [, n]) => sum + n, 0),
  ]);
  counts.rating = counts.rating.filter(([, count]) => count > 0);
  counts.album = [];
  return counts;
}

// The filters a URL's parameters name (only FILTER_NAMES', non-empty).
export function filtersFrom(params) {
  const filters = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value !== null && value !== '') filters[name] = value;
  }
  return filters;
}
