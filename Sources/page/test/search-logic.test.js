import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createPieces } from '../src/pieces.js';
import { queryWords, runSearch } from '../src/search.js';
import { FILTER_NAMES } from '../src/search-facets.js';
import { EXACT_BONUS, intersect, rank } from '../src/search-match.js';
import { SHORTEST_PREFIX } from '../src/search-pieces.js';
import { filterValues, sitePieces, WEIGHTS } from './search-encode.js';

// A small gallery written in format 2 by the test's own encoder (search-encode.js), with a row
// limit of 3 (so that sets of more items carry counts and no rows), column pieces of 4 items, and
// numbers with gaps (items gone). Its searches are checked against a plain reckoning.
const albumsByID = {
  '': { id: '' },
  a: { id: 'a', parent: '' },
  'a/b': { id: 'a/b', parent: 'a' },
  'a/b/c': { id: 'a/b/c', parent: 'a/b' },
  d: { id: 'd', parent: '' },
};
const FIELDS = { title: 1, keywords: 2, caption: 4, place: 8, album: 16, name: 32, camera: 64 };
const WORDS = ['sea', 'seal', 'season', 'sun', 'sunset', 'rome', 'roman', 'cat', 'car', 'beach'];

function randomItems(count, seed) {
  let state = seed;
  const random = (n) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return Math.floor(state / 65536) % n;
  };
  const pick = (list) => list[random(list.length)];
  const items = [];
  for (let number = 0; items.length < count; number += 1 + (random(5) === 0 ? 3 : 0)) {
    const terms = {};
    for (let each = random(4); each >= 0; each--) terms[pick(WORDS)] = pick(Object.values(FIELDS)) | (random(3) ? 0 : FIELDS.name);
    items.push({
      number,
      album: pick(['', 'a', 'a/b', 'a/b/c', 'd', 'd']),
      date: pick([null, '2019', '2019-07', '2019-08', '2021-05', '2023']),
      camera: pick([null, 'Canon', 'Fuji']),
      lens: pick([null, '85mm']),
      kind: pick(['image', 'image', 'video', 'live']),
      rating: random(6),
      keywords: [...new Set([pick(['red', 'blue', 'green']), pick(['red', 'blue', 'green'])])].slice(0, random(3)),
      terms,
      record: [`id${number}`, null, `n${number}.jpg`, 'image', 4, 3, [[`t/${number}.jpg`, 2, 1]]],
    });
  }
  return items;
}

const ITEMS = randomItems(60, 7);

function storeOf(pieces) {
  const asked = [];
  const store = createPieces((path, settled) => {
    asked.push(path);
    if (pieces.has(path)) store.receive(path, pieces.get(path));
    settled();
  });
  return { store, asked };
}

function search(pieces, text, filters = {}) {
  const { store, asked } = storeOf(pieces);
  let answer;
  runSearch(store, { text, filters }, albumsByID, (result) => {
    answer = result;
  });
  return { ...answer, asked };
}

// The plain reckoning: every item looked at.
function expected(items, text, filters) {
  const words = queryWords(text);
  const weight = (mask) => Math.max(0, ...Object.entries(FIELDS).map(([name, bit]) => (mask & bit ? WEIGHTS[name] : 0)));
  const scoreOf = (item) => {
    let total = 0;
    for (const { term, asPrefix } of words) {
      const scores = Object.entries(item.terms)
        .filter(([each]) => each === term || (asPrefix && [...term].length >= SHORTEST_PREFIX && each.startsWith(term)))
        .map(([each, mask]) => weight(mask) + (each === term ? EXACT_BONUS : 0));
      if (!scores.length) return null;
      total += Math.max(...scores);
    }
    return total;
  };
  const chosen = FILTER_NAMES.filter((name) => filters[name]);
  const fails = (item, name) => !filterValues(item, name, albumsByID).includes(filters[name]);
  const universe = words.length ? items.filter((item) => scoreOf(item) !== null) : items;
  const results = universe
    .filter((item) => chosen.every((name) => !fails(item, name)))
    .sort((a, b) => scoreOf(b) - scoreOf(a) || b.number - a.number)
    .map((item) => item.number);
  const counts = {};
  for (const name of FILTER_NAMES) {
    const tally = {};
    for (const item of universe) {
      if (chosen.some((other) => other !== name && fails(item, other))) continue;
      for (const value of new Set(filterValues(item, name, albumsByID))) tally[value] = (tally[value] || 0) + 1;
    }
    counts[name] = tally;
  }
  if (!words.length && chosen.length === 1 && chosen[0] === 'album') {
    for (const id of Object.keys(counts.album))
      if (!filterValues({ album: id }, 'album', albumsByID).includes(filters.album)) delete counts.album[id];
  }
  return { results, counts };
}

const countsAsObjects = (counts) => Object.fromEntries(FILTER_NAMES.map((name) => [name, Object.fromEntries(counts[name])]));

function check(pieces, text, filters) {
  const answer = search(pieces, text, filters);
  const { results, counts } = expected(ITEMS, text, filters);
  const label = `${JSON.stringify(text)} ${JSON.stringify(filters)}`;
  assert.deepEqual(Array.from(answer.numbers), results, `results of ${label}`);
  const got = countsAsObjects(answer.counts);
  for (const name of FILTER_NAMES) {
    // With no word and one filter, its own choices are the gallery's (albums: those below it).
    if (!queryWords(text).length && Object.keys(filters).length === 1 && filters[name] && name !== 'album') continue;
    assert.deepEqual(got[name], counts[name], `${name} counts of ${label}`);
  }
  return answer;
}

describe('a search over format 2 pieces (a gallery encoded by the test)', () => {
  const pieces = sitePieces(ITEMS, albumsByID, { rowLimit: 12 });
  test('the gallery has large sets (counts, no rows) and small ones (rows)', () => {
    const piece = pieces.get('search/t/73.js');
    assert.ok(Object.keys(piece.counts).length > 0 && Object.keys(piece.terms).length > Object.keys(piece.counts).length);
    assert.ok(Object.keys(pieces.get('search/v/kind-696d616765.js').counts).length === 1);
  });
  test('words: results ranked by score then newest number; counts exact', () => {
    for (const text of ['sea', 'sea ', 'se', 's', 'sun', 'sunset rome', 'rome cat', 'ca', 'beach sea sun', 'zebra', 'r']) {
      check(pieces, text, {});
    }
  });
  test('words and filters: each filter counted over the items the other filters leave', () => {
    const filtersList = [
      { year: '2019' },
      { month: '2019-07' },
      { album: 'a' },
      { album: 'a/b', kind: 'image' },
      { rating: '3', camera: 'Canon' },
      { keyword: 'red', lens: '85mm', year: '2021' },
      { kind: 'video', album: 'd', rating: '1' },
      { year: '1999' },
    ];
    for (const filters of filtersList) for (const text of ['s', 'sea ', 'rome cat', 'ca']) check(pieces, text, filters);
  });
  test('filters alone, one to four', () => {
    for (const filters of [
      { kind: 'image' },
      { album: 'a' },
      { album: 'a/b' },
      { rating: '2' },
      { keyword: 'blue' },
      { year: '2019', camera: 'Canon' },
      { kind: 'image', rating: '1' },
      { album: 'a', kind: 'video' },
      { album: 'a', kind: 'image', year: '2019' },
      { month: '2019-07', kind: 'image', rating: '1', keyword: 'red' },
    ]) {
      check(pieces, '', filters);
    }
  });
  test("filters alone, one: its own choices are the gallery's", () => {
    const answer = search(pieces, '', { year: '2019' });
    assert.deepEqual(Object.fromEntries(answer.counts.year), Object.fromEntries(pieces.get('search/index.js').facets.year));
  });
  test("one word, no filter: its largest term's counts, rows for the rest, no column piece", () => {
    // "sun": the terms sun (counts) and sunset (rows); "sea ": sea alone (counts).
    const answer = check(pieces, 'sun', {});
    for (const each of [answer, check(pieces, 'sea ', {})]) {
      assert.deepEqual(each.asked, ['search/index.js', 'search/t/73.js']);
    }
    // The counts are read: changed, the counts change.
    const changed = new Map(pieces);
    const piece = structuredClone(changed.get('search/t/73.js'));
    for (const term of Object.keys(piece.counts)) piece.counts[term].kind = '';
    changed.set('search/t/73.js', piece);
    assert.notDeepEqual(search(changed, 'sun', {}).counts.kind, answer.counts.kind);
  });
  test('two words: rows of the items counted, from column pieces for those of large sets', () => {
    const answer = check(pieces, 'sea sun', {});
    assert.ok(
      answer.asked.some((path) => path.startsWith('search/c/')),
      answer.asked.join(),
    );
  });
  test('a word and filters load the chosen values\u2019 value pieces, for their sets', () => {
    const answer = check(pieces, 'sea ', { year: '2019' });
    assert.ok(answer.asked.includes('search/v/year-32303139.js'), answer.asked.join());
  });
  test('neither word nor filter: no results, the gallery\u2019s counts', () => {
    const answer = search(pieces, '', {});
    assert.equal(answer.numbers, null);
    assert.deepEqual(answer.asked, ['search/index.js']);
  });
});

describe('ranking and intersection', () => {
  test('score, then the higher number', () => {
    const ranked = rank({ numbers: Int32Array.of(1, 3, 4, 9), scores: Uint16Array.of(2, 5, 2, 2) });
    assert.deepEqual(Array.from(ranked), [3, 9, 4, 1]);
    assert.deepEqual(Array.from(rank({ numbers: Int32Array.of(2, 7, 5) })), [7, 5, 2]);
  });
  test('numbers in ascending order (placed by score, unsorted) rank as a plain sort does', () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const numbers = [];
    for (let number = 0; number < 5000; number++) if (random() < 0.4) numbers.push(number);
    const scores = numbers.map(() => Math.floor(random() * 12));
    const expected = numbers
      .map((number, at) => [scores[at], number])
      .sort((a, b) => b[0] - a[0] || b[1] - a[1])
      .map(([, number]) => number);
    assert.deepEqual(Array.from(rank({ numbers: Int32Array.from(numbers), scores: Uint16Array.from(scores) })), expected);
    assert.deepEqual(Array.from(rank({ numbers: Int32Array.from(numbers) })), numbers.slice().reverse());
    assert.deepEqual(Array.from(rank({ numbers: new Int32Array(0) })), []);
  });
  test('the words intersected, their scores summed', () => {
    const word = (entries) => {
      const map = new Map(entries);
      const numbers = Int32Array.from([...map.keys()].sort((a, b) => a - b));
      return { numbers, scores: Uint16Array.from(numbers, (n) => map.get(n)), has: (n) => map.has(n), scoreOf: (n) => map.get(n) };
    };
    const both = intersect([
      word([
        [1, 3],
        [2, 1],
      ]),
      word([[2, 2 + EXACT_BONUS]]),
    ]);
    assert.deepEqual([Array.from(both.numbers), Array.from(both.scores)], [[2], [3 + EXACT_BONUS]]);
  });
});
