// The filters (facets) of a search: each term piece carries, for every item its terms name, a
// row of filter values; filters narrow the words' matches and each other, and each filter's
// choices are counted over the items the words and the *other* filters leave (so that a choice
// shows how many it would give). Albums count their sub-albums' items.

// The filters, in the order the page shows them and the URL names them.
export const FILTER_NAMES = ['album', 'year', 'month', 'camera', 'lens', 'keyword', 'rating', 'kind'];
// Ratings a "rating ≥ N" filter offers.
const RATINGS = [5, 4, 3, 2, 1];

// A piece's row for item `number`, decoded: { album, year, month ("YYYY-MM"), camera, lens,
// rating, kind, keywords }; null when the piece has none.
export function decodeRow(piece, number) {
  const row = piece?.rows ? piece.rows[String(number)] : null;
  return decodeValues(row, piece?.values);
}

// A value piece's items (search/v/…js: `numbers`, and `rows` in the same order): Map number →
// row, in ascending number; empty when the piece did not load.
export function valueRows(piece) {
  const rows = new Map();
  const numbers = piece && Array.isArray(piece.numbers) ? piece.numbers : [];
  const list = piece && Array.isArray(piece.rows) ? piece.rows : [];
  numbers.forEach((number, at) => {
    const row = decodeValues(list[at], piece.values);
    if (row && typeof number === 'number') rows.set(number, row);
  });
  return rows;
}

function decodeValues(row, strings) {
  if (!Array.isArray(row)) return null;
  const values = Array.isArray(strings) ? strings : [];
  const value = (index) => (typeof index === 'number' && index >= 0 && index < values.length ? values[index] : null);
  const year = value(row[1]);
  const month = value(row[2]);
  return {
    album: value(row[0]),
    year,
    month: year && month ? `${year}-${month}` : null,
    camera: value(row[3]),
    lens: value(row[4]),
    rating: typeof row[5] === 'number' ? row[5] : 0,
    kind: value(row[6]),
    keywords: Array.isArray(row[7]) ? row[7].map(value).filter((keyword) => keyword !== null) : [],
  };
}

// The rows of the items named by `numbers`, from whichever of `pieces` has each: Map number → row.
export function rowsOf(numbers, pieces) {
  const rows = new Map();
  for (const number of numbers) {
    for (const piece of pieces) {
      const row = decodeRow(piece, number);
      if (row) {
        rows.set(number, row);
        break;
      }
    }
  }
  return rows;
}

// Each album tree's chains, by album id, made once (an album has many items).
const chainsByTree = new WeakMap();

// Album `id` and the albums above it (by `albumsByID`'s parents), the root ('') left out.
export function albumAncestry(id, albumsByID) {
  if (typeof id !== 'string' || id === '') return [];
  let chains = chainsByTree.get(albumsByID);
  if (!chains) {
    chains = new Map();
    chainsByTree.set(albumsByID, chains);
  }
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

// The values of `row` that filter `name` counts (an item counts toward several: its album and
// those above it, each of its keywords, every "rating ≥ N" its rating meets).
export function valuesFor(row, name, albumsByID) {
  switch (name) {
    case 'album':
      return albumAncestry(row.album, albumsByID);
    case 'keyword':
      return row.keywords;
    case 'rating':
      return RATINGS.filter((least) => row.rating >= least).map(String);
    default:
      return row[name] === null || row[name] === undefined ? [] : [String(row[name])];
  }
}

// Whether `row` passes every filter of `filters` (name → value; '' or absent: any) but `except`.
export function passes(row, filters, albumsByID, except = null) {
  for (const name of FILTER_NAMES) {
    const wanted = filters[name];
    if (name === except || wanted === undefined || wanted === null || wanted === '') continue;
    if (!row || !valuesFor(row, name, albumsByID).includes(String(wanted))) return false;
  }
  return true;
}

// Each filter's choices over `numbers` (their rows in `rows`) with the other filters applied:
// { name: [[value, count]…] }, most first (years, months and ratings newest or highest first).
// An item failing no filter counts toward every filter's choices; failing one, toward that one's.
export function facetCounts(numbers, rows, filters, albumsByID) {
  const chosen = FILTER_NAMES.filter((name) => filters[name] !== undefined && filters[name] !== null && filters[name] !== '');
  const tallies = Object.fromEntries(FILTER_NAMES.map((name) => [name, new Map()]));
  for (const number of numbers) {
    const row = rows.get(number);
    if (!row) continue;
    const values = {};
    for (const name of FILTER_NAMES) values[name] = valuesFor(row, name, albumsByID);
    const failed = chosen.filter((name) => !values[name].includes(String(filters[name])));
    if (failed.length > 1) continue;
    for (const name of failed.length ? failed : FILTER_NAMES) {
      const tally = tallies[name];
      for (const value of new Set(values[name])) tally.set(value, (tally.get(value) || 0) + 1);
    }
  }
  const counts = {};
  for (const name of FILTER_NAMES) counts[name] = sortedCounts(name, [...tallies[name]]);
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

// How many items filter `name`'s value `value` names in the whole gallery, from the counts of
// galleryCounts (search/index.js) and, for an album, the album tree's totals (its sub-albums'
// items in); Infinity when unknown.
export function galleryCount(name, value, counts, albumsByID) {
  if (name === 'album') {
    const album = albumsByID[value];
    const total = album ? (album.total ?? album.count) : undefined;
    return typeof total === 'number' ? total : Number.POSITIVE_INFINITY;
  }
  const entry = (counts[name] || []).find(([each]) => each === String(value));
  return entry ? entry[1] : 0;
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
