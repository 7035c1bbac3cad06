import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createPieces } from '../src/pieces.js';
import { queryWords, runSearch } from '../src/search.js';
import { rowTable } from '../src/search-code.js';
import { fieldWeight } from '../src/search-match.js';
import { exactPrefix, LONGEST_VALUE_KEY, PREFIX_BUDGET_KIB, piecesForWord, termPiecePath, valuePiecePath } from '../src/search-pieces.js';
import { resultsAlbum } from '../src/search-results.js';
import { albumsByID, fixturePieces, fixtureStore } from './search-site.js';

// The fixture's items by number (SearchFixtureTests.numbers: in the order taken, the live photo
// numbered as if added later).
const ID = { notes: 0, forum: 1, cafe: 2, bear: 3, beach: 4, tower: 5, live: 17 };
const NAME = Object.fromEntries(Object.entries(ID).map(([name, number]) => [number, name]));

function search(text, filters = {}) {
  const { store, asked } = fixtureStore();
  let answer;
  runSearch(store, { text, filters }, albumsByID, (result) => {
    answer = result;
  });
  assert.ok(answer, 'the fixture store answers at once');
  return { ...answer, names: answer.numbers ? Array.from(answer.numbers, (number) => NAME[number]) : undefined, asked };
}

describe('which pieces a word loads', () => {
  const prefixes = ['b', 'ba', 'bab', 'bac', 'be', 'c', 'ca'];
  // index.js lists pieces as their groups' prefixes; here every group is a piece of its own.
  const alone = (list) => list.map((prefix) => [prefix]);
  const sizes = [40, 20, 30, 30, 60, 1, 2];
  test('exactly: the piece of the longest prefix of the word', () => {
    assert.equal(exactPrefix('babble', prefixes), 'bab');
    assert.equal(exactPrefix('beach', prefixes), 'be');
    assert.equal(exactPrefix('zebra', prefixes), null);
    assert.deepEqual(piecesForWord('bacon', alone(prefixes), false).prefixes, ['bac']);
  });
  test('as a prefix: that piece and those whose prefix starts with the word', () => {
    assert.deepEqual(piecesForWord('ba', alone(prefixes), true, sizes), { word: 'ba', asPrefix: true, prefixes: ['ba', 'bab', 'bac'] });
    assert.deepEqual(piecesForWord('ca', alone(prefixes), true, sizes).prefixes, ['ca']);
    assert.deepEqual(piecesForWord('b', alone(['b', 'ba', 'bab']), true, [1, 1, 1]).prefixes, ['b'], 'one letter: whole');
    assert.deepEqual(piecesForWord('b', alone(['b', 'ba']), false, [1, 1]).prefixes, ['b']);
  });
  test(`never more than ${PREFIX_BUDGET_KIB} KiB of pieces for one word: then it is matched exactly`, () => {
    assert.equal(20 + 30 + 30 > PREFIX_BUDGET_KIB, false);
    assert.equal(89 + 5 + 5 > PREFIX_BUDGET_KIB, true);
    assert.deepEqual(piecesForWord('ba', alone(prefixes), true, [1, 88, 4, 4, 1, 1, 1]).prefixes, ['ba', 'bab', 'bac']);
    assert.deepEqual(
      piecesForWord(
        'ba',
        alone(prefixes),
        true,
        [1, 88, 4, 4, 1, 1, 1].map((kib) => kib + 1),
      ).prefixes,
      ['ba'],
    );
  });
  test('pieces of unknown size weigh the whole budget: one alone is taken, two are not', () => {
    assert.deepEqual(piecesForWord('ca', alone(prefixes), true).prefixes, ['ca']);
    assert.deepEqual(piecesForWord('ba', alone(prefixes), true).prefixes, ['ba']);
    assert.deepEqual(piecesForWord('ba', alone(['bab', 'bac']), true).prefixes, []);
  });
  test('a prefix that no piece starts: the longer pieces alone', () => {
    assert.deepEqual(piecesForWord('ba', alone(['bab', 'bac']), true, [3, 4]).prefixes, ['bab', 'bac']);
  });
  test('a piece of several groups: named by its first prefix, loaded once, weighed once', () => {
    // vitrine packs sibling groups: "car" typed loads two pieces, not one per group.
    const pieces = [['ca', 'cb'], ['car', 'cara', 'carb', 'card'], ['care'], ['caro', 'cart']];
    const kib = [3, 20, 30, 40];
    assert.deepEqual(piecesForWord('car', pieces, true, kib), { word: 'car', asPrefix: true, prefixes: ['car', 'care', 'caro'] });
    assert.deepEqual(piecesForWord('carb', pieces, true, kib).prefixes, ['car'], 'its group and its piece alone');
    assert.deepEqual(piecesForWord('cartoon', pieces, false).prefixes, ['caro'], 'a group not first in its piece');
    assert.deepEqual(piecesForWord('cb', pieces, false).prefixes, ['ca']);
    assert.deepEqual(piecesForWord('car', pieces, true, [3, 20, 30, 47]).prefixes, ['car'], 'over the budget: exactly');
    assert.deepEqual(piecesForWord('zebra', pieces, true, kib).prefixes, []);
  });
  test('a piece is named by its prefix in UTF-8 hex', () => {
    assert.equal(termPiecePath('b'), 'search/t/62.js');
    assert.equal(termPiecePath('東'), 'search/t/e69db1.js');
  });
});

describe('the words of a query', () => {
  test('the last word is a prefix while it is typed, not after a space', () => {
    assert.deepEqual(queryWords('Beach ca'), [
      { term: 'beach', asPrefix: false },
      { term: 'ca', asPrefix: true },
    ]);
    assert.deepEqual(queryWords('beach ')[0].asPrefix, false);
    assert.deepEqual(
      queryWords('<b>x</b>').map((word) => word.term),
      ['b', 'x'],
    );
  });
});

describe("a search over the Swift side's pieces", () => {
  test('loads the index and the pieces its words need, no record and no album chunk', () => {
    const { asked } = search('forum');
    // The fixture's groups are small: those of the first letters a to o share one piece, t/61.
    assert.deepEqual(asked, ['search/index.js', 'search/t/61.js']);
    assert.ok(fixturePieces.get('search/index.js').pieces.some((piece) => piece[0] === 'a' && piece.includes('f')));
  });
  test('each field finds its item: title, keyword, caption, place, album title, file name, camera', () => {
    assert.deepEqual(search('forum ').names, ['forum']);
    assert.deepEqual(search('tokyo ').names, ['tower']);
    assert.deepEqual(search('saturn ').names, ['forum']);
    assert.deepEqual(search('sperlonga ').names, ['beach']);
    assert.deepEqual(search('italia ').names, ['beach', 'bear'], 'the album Italia, not its sub-album');
    assert.deepEqual(search('antica ').names.sort(), ['cafe', 'forum']);
    assert.deepEqual(search('dsc ').names, ['beach']);
    assert.deepEqual(search('1054 ').names, ['live']);
    assert.deepEqual(search('heic ').names, [], "a file's extension is not a word of it");
    assert.deepEqual(search('fujifilm ').names, ['cafe']);
  });
  test('accents and case as the index has them; CJK by pairs', () => {
    assert.deepEqual(search('CAFÉ CRÈME').names, ['cafe']);
    assert.deepEqual(search('東京').names, ['tower']);
    assert.deepEqual(search('東京タワー').names, ['tower']);
    assert.deepEqual(search('日本').names.sort(), ['live', 'tower'], 'the album title 日本の旅');
  });
  test('the last word as a prefix: "bea" finds beach, bear and Beatrice; "bea " none', () => {
    assert.deepEqual(new Set(search('bea').names), new Set(['notes', 'beach', 'bear', 'cafe', 'live']));
    assert.deepEqual(search('bea ').names, []);
  });
  test('every word must match (AND): two words narrow', () => {
    assert.equal(search('beach ').names.length, 4);
    assert.deepEqual(search('beach cats').names, ['live']);
    assert.deepEqual(search('beach roma').names, ['cafe']);
    assert.deepEqual(search('beach zebra').names, []);
  });
  test('ranking: title above caption, exact above prefix, then the higher number (the newer)', () => {
    // beach: a title (beach, 4), captions (bear 3, cafe 2, live 17); the captions by number.
    assert.deepEqual(search('beach ').names, ['beach', 'live', 'bear', 'cafe']);
    // "bea": only prefixes; titles (Beach day, Beatrice's notes) first, the newer first.
    assert.deepEqual(search('bea').names, ['beach', 'notes', 'live', 'bear', 'cafe']);
    // "sunset": the keyword of two items, exact; forum's Sunset and beach's sunset tie, beach newer.
    assert.deepEqual(search('sunset').names, ['beach', 'forum']);
  });
  test('weights', () => {
    // The index states them (vitrine's SearchFields.weights).
    const index = fixturePieces.get('search/index.js');
    const { fields } = index;
    assert.deepEqual(index.weights, { title: 3, keywords: 3, caption: 2, place: 2, album: 2, name: 1, camera: 1 });
    assert.equal(fieldWeight(fields.title | fields.name, index), 3);
    assert.equal(fieldWeight(fields.caption, index), 2);
    assert.equal(fieldWeight(fields.camera, index), 1);
    assert.equal(fieldWeight(fields.camera, { fields }), 0, 'an index without weights weighs nothing');
  });
  test('the results are told before they are counted, so that their first records can load meanwhile', () => {
    const { store } = fixtureStore();
    const told = [];
    runSearch(store, { text: 'beach ', filters: {} }, albumsByID, (answer) => told.push(['answer', Array.from(answer.numbers)]), {
      ranked: ({ numbers, index, words }) => told.push(['ranked', Array.from(numbers), index.recordBlock, words.length]),
    });
    const ranked = search('beach ').numbers;
    assert.ok(ranked.length > 1);
    assert.deepEqual(told, [
      ['ranked', Array.from(ranked), fixturePieces.get('search/index.js').recordBlock, 1],
      ['answer', Array.from(ranked)],
    ]);
  });
  test('a search with neither word nor filter is told as such (no results) before its counts', () => {
    const { store } = fixtureStore();
    const told = [];
    runSearch(
      store,
      { text: ' ', filters: {} },
      albumsByID,
      (answer) => told.push(['answer', answer.numbers, answer.counts !== undefined]),
      {
        ranked: ({ numbers, words }) => told.push(['ranked', numbers, words.length]),
      },
    );
    assert.deepEqual(told, [
      ['ranked', null, 0],
      ['answer', null, true],
    ]);
  });
  test('a search typed over while it is shown (told ranked) is not counted', () => {
    const { store } = fixtureStore();
    let typedOver = false;
    const answers = [];
    runSearch(store, { text: 'beach ', filters: {} }, albumsByID, (answer) => answers.push(answer), {
      stale: () => typedOver,
      ranked: () => {
        typedOver = true;
      },
    });
    assert.deepEqual(answers, []);
  });
  test("a common word's piece carries its first results' records: they draw with no record piece", () => {
    const { store, asked } = fixtureStore();
    let answer;
    runSearch(store, { text: 'beach ', filters: {} }, albumsByID, (result) => {
      answer = result;
    });
    // beach: more items than the fixture's row limit, so counted, and its records carried.
    const piece = [...fixturePieces.values()].find((each) => each.counts && Object.hasOwn(each.counts, 'beach'));
    const carried = piece.records.map(([number]) => number);
    assert.deepEqual(
      carried,
      carried.slice().sort((a, b) => a - b),
      'by number',
    );
    // Fewer than a chunk: all of them (and the first of the piece's other counted terms).
    assert.ok(
      Array.from(answer.numbers).every((number) => carried.includes(number)),
      `${carried} holds ${Array.from(answer.numbers)}`,
    );
    const index = fixturePieces.get('search/index.js');
    const lookup = { store, findItem: () => {}, ensureItems: () => {}, itemAt: (album, at) => album.loaded[at] };
    const album = resultsAlbum(answer.numbers, { recordBlock: index.recordBlock, title: 'x', links: { view: '', item: () => '' }, lookup });
    assert.ok(album.chunksIn.has(0));
    assert.deepEqual(
      album.loaded.map((item) => item.id.split('/').pop()),
      ['beach', 'img-1054', 'bear', 'cafe'],
    );
    assert.deepEqual(
      asked.filter((path) => path.startsWith('search/r/')),
      [],
    );
  });
  test('a search typed over asks for no more pieces and never answers', () => {
    // A store whose pieces come when the test says.
    const asked = [];
    const later = [];
    const store = createPieces((path, settled) => {
      asked.push(path);
      later.push(() => {
        store.receive(path, fixturePieces.get(path) ?? null);
        settled();
      });
    });
    let typedOver = false;
    const answers = [];
    runSearch(store, { text: 'beach', filters: {} }, albumsByID, (answer) => answers.push(answer), { stale: () => typedOver });
    assert.deepEqual(asked, ['search/index.js']);
    later.shift()();
    const terms = asked.slice(1);
    assert.ok(terms.length > 0 && terms.every((path) => path.startsWith('search/t/')));
    typedOver = true;
    while (later.length) later.shift()();
    assert.deepEqual(asked.slice(1), terms, 'no column or value piece after it was typed over');
    assert.deepEqual(answers, []);
  });
  test('a gallery without an index: null', () => {
    let answer = 'none';
    const store = { load: (_path, callback) => callback(null) };
    runSearch(store, { text: 'x', filters: {} }, albumsByID, (result) => {
      answer = result;
    });
    assert.equal(answer, null);
  });
  test("an index of another format (an older vitrine's): none", () => {
    let answer = 'none';
    const index = { ...fixturePieces.get('search/index.js'), version: 1 };
    const store = { load: (_path, callback) => callback(index) };
    runSearch(store, { text: 'beach', filters: {} }, albumsByID, (result) => {
      answer = result;
    });
    assert.equal(answer, null);
  });
});

describe('filters', () => {
  const counts = (answer, name) => Object.fromEntries(answer.counts[name]);
  test("are counted from the loaded pieces' counts and rows: albums with their sub-albums", () => {
    const answer = search('beach ');
    assert.deepEqual(counts(answer, 'album'), { italy: 3, 'italy/rome': 1, japan: 1 });
    assert.deepEqual(counts(answer, 'year'), { 2019: 1, 2021: 2, 2023: 1 });
    assert.deepEqual(counts(answer, 'month'), { '2019-07': 1, '2021-05': 1, '2021-08': 1, '2023-03': 1 });
    assert.deepEqual(counts(answer, 'kind'), { image: 2, video: 1, live: 1 });
    assert.deepEqual(counts(answer, 'rating'), { 1: 2, 2: 2, 3: 2, 4: 1 });
    assert.deepEqual(counts(answer, 'camera'), { 'Canon EOS 5D': 1, 'FUJIFILM X100V': 1, 'Apple iPhone 12': 1 });
    assert.deepEqual(counts(answer, 'keyword'), { sunset: 1, Sea: 1, Food: 1, cats: 1 });
    assert.deepEqual(
      answer.counts.year.map(([year]) => year),
      ['2023', '2021', '2019'],
      'newest first',
    );
  });
  test('narrow the words, and each other', () => {
    assert.deepEqual(search('beach ', { album: 'italy' }).names, ['beach', 'bear', 'cafe']);
    assert.deepEqual(search('beach ', { album: 'italy', year: '2021' }).names, ['beach', 'bear']);
    assert.deepEqual(search('beach ', { year: '2021', camera: 'Canon EOS 5D' }).names, ['beach']);
    assert.deepEqual(search('beach ', { kind: 'video' }).names, ['bear']);
    assert.deepEqual(search('beach ', { rating: '3' }).names, ['beach', 'cafe']);
    assert.deepEqual(search('beach ', { keyword: 'cats' }).names, ['live']);
    assert.deepEqual(search('bea', { kind: 'live', year: '2019' }).names, []);
  });
  test("a filter's choices are counted with the other filters, not its own", () => {
    const answer = search('beach ', { year: '2021' });
    assert.deepEqual(counts(answer, 'year'), { 2019: 1, 2021: 2, 2023: 1 }, 'every year stays choosable');
    assert.deepEqual(counts(answer, 'kind'), { image: 1, video: 1 });
    assert.deepEqual(counts(answer, 'album'), { italy: 2 });
  });
  test('a search of neither word nor filter: the whole gallery its counts, and no results', () => {
    const answer = search('');
    assert.equal(answer.numbers, null);
    assert.deepEqual(counts(answer, 'camera')['Canon EOS 5D'], 2);
    assert.deepEqual(counts(answer, 'rating'), { 5: 2, 4: 3, 3: 4, 2: 4, 1: 4 });
    assert.deepEqual(answer.asked, ['search/index.js']);
  });
});

describe('filters without a word', () => {
  const counts = (answer, name) => Object.fromEntries(answer.counts[name]);
  test("a value's piece is named by the filter and the value's UTF-8 in hex, long values by their first bytes", () => {
    assert.equal(valuePiecePath('year', '2019'), 'search/v/year-32303139.js');
    assert.equal(valuePiecePath('album', 'italy/rome'), 'search/v/album-6974616c792f726f6d65.js');
    const long = 'é'.repeat(LONGEST_VALUE_KEY);
    assert.equal(valuePiecePath('keyword', `${long}a`), valuePiecePath('keyword', `${long}b`));
    assert.equal(valuePiecePath('keyword', long), `search/v/keyword-${'c3a9'.repeat(LONGEST_VALUE_KEY / 2)}.js`);
  });
  test("one filter: its value's piece, the higher number (the newer) first; the others counted from its rows or counts", () => {
    const answer = search('', { year: '2019' });
    assert.deepEqual(answer.names, ['cafe', 'forum']);
    assert.deepEqual(answer.asked, ['search/index.js', 'search/v/year-32303139.js']);
    assert.deepEqual(counts(answer, 'camera'), { 'Canon EOS 5D': 1, 'FUJIFILM X100V': 1 });
    assert.deepEqual(counts(answer, 'album'), { italy: 2, 'italy/rome': 2 });
    assert.deepEqual(counts(answer, 'year'), { 2019: 2, 2021: 2, 2023: 2 }, "its own choices: the gallery's");
    assert.deepEqual(search('', { rating: '4' }).names, ['tower', 'beach', 'forum'], 'rated 4 or more, newest first');
    assert.deepEqual(search('', { kind: 'live' }).names, ['live']);
    assert.deepEqual(search('', { keyword: 'Sunset' }).names, ['forum']);
    assert.deepEqual(search('', { month: '2023-03' }).names, ['live', 'tower']);
  });
  test("an album's piece holds its sub-albums' items; its choices are itself and those below it", () => {
    const answer = search('', { album: 'italy' });
    assert.deepEqual(answer.names, ['beach', 'bear', 'cafe', 'forum']);
    assert.deepEqual(counts(answer, 'album'), { italy: 4, 'italy/rome': 2 });
    assert.deepEqual(counts(answer, 'kind'), { image: 3, video: 1 });
  });
  test("two filters: both values' pieces; each filter's choices counted over the other's items", () => {
    const answer = search('', { album: 'italy', kind: 'video' });
    assert.deepEqual(answer.names, ['bear']);
    assert.deepEqual(answer.asked.slice(0, 3), ['search/index.js', valuePiecePath('album', 'italy'), valuePiecePath('kind', 'video')]);
    assert.deepEqual(counts(answer, 'kind'), { image: 3, video: 1 }, "the album's kinds");
    assert.deepEqual(counts(answer, 'album'), { italy: 1 }, "the videos' albums");
    const both = search('', { year: '2019', camera: 'Canon EOS 5D' });
    assert.deepEqual(both.names, ['forum']);
    assert.deepEqual(counts(both, 'year'), { 2019: 1, 2021: 1 });
    assert.deepEqual(counts(both, 'camera'), { 'Canon EOS 5D': 1, 'FUJIFILM X100V': 1 });
    assert.deepEqual(search('', { year: '2019', kind: 'video' }).names, []);
  });
  test('a value no item has: no piece, no result', () => {
    const answer = search('', { year: '1999' });
    assert.deepEqual(answer.names, []);
    assert.deepEqual(answer.asked, ['search/index.js', valuePiecePath('year', '1999')]);
  });
  test("a word and filters load the chosen values' pieces, for their sets (format 1 loaded none: rows came with the words)", () => {
    const answer = search('beach ', { year: '2021' });
    assert.deepEqual(answer.asked.slice(0, 3), ['search/index.js', 'search/t/61.js', valuePiecePath('year', '2021')]);
  });
});

describe('rows', () => {
  test("a piece's rows name values by the gallery's tables", () => {
    const index = fixturePieces.get('search/index.js');
    const column = fixturePieces.get('search/c/0004.js');
    const table = rowTable(column.rows, index.widths);
    const at = table.positionOf(17);
    const value = (name) => index.tables[name][table.value(at, name) - 1] ?? null;
    const keywords = [];
    table.keywords(at, (each) => keywords.push(index.tables.keyword[each - 1]));
    assert.deepEqual(
      { album: value('album'), date: value('date'), camera: value('camera'), lens: value('lens'), kind: value('kind'), keywords },
      { album: 'japan', date: '2023-03', camera: 'Apple iPhone 12', lens: null, kind: 'live', keywords: ['cats'] },
    );
    assert.equal(table.value(at, 'rating'), 0);
  });
});

describe("counts against every row (the fixture's column pieces)", () => {
  const index = fixturePieces.get('search/index.js');
  const rowsByNumber = new Map();
  for (const [path, piece] of fixturePieces) {
    if (!path.startsWith('search/c/')) continue;
    const table = rowTable(piece.rows, index.widths);
    table.numbers.forEach((number, at) => {
      const named = (column) => index.tables[column][table.value(at, column) - 1] ?? null;
      const keywords = [];
      table.keywords(at, (value) => keywords.push(index.tables.keyword[value - 1]));
      const date = named('date');
      const album = named('album');
      const albums = [];
      for (let id = album; id; id = albumsByID[id]?.parent) albums.push(id);
      const rating = table.value(at, 'rating');
      rowsByNumber.set(number, {
        album: albums,
        year: date ? [date.slice(0, 4)] : [],
        month: date?.length === 7 ? [date] : [],
        camera: named('camera') ? [named('camera')] : [],
        lens: named('lens') ? [named('lens')] : [],
        keyword: keywords,
        rating: [1, 2, 3, 4, 5].filter((least) => rating >= least).map(String),
        kind: named('kind') ? [named('kind')] : [],
      });
    });
  }
  test('every item has a row in a column piece', () => {
    assert.deepEqual(
      [...rowsByNumber.keys()].sort((a, b) => a - b),
      Object.values(ID).sort((a, b) => a - b),
    );
  });
  const cases = [
    ['beach ', {}],
    ['bea', {}],
    ['beach cats', {}],
    ['beach ', { year: '2021' }],
    ['bea', { kind: 'image', rating: '1' }],
    ['', { kind: 'image', year: '2019' }],
    ['', { kind: 'image', rating: '3', album: 'italy' }],
  ];
  for (const [text, filters] of cases) {
    test(`${JSON.stringify(text)} ${JSON.stringify(filters)}: each filter over the items the others leave`, () => {
      const universe = text ? Array.from(search(text).numbers) : [...rowsByNumber.keys()];
      const answer = search(text, filters);
      const chosen = Object.keys(filters);
      for (const name of ['album', 'year', 'month', 'camera', 'lens', 'keyword', 'rating', 'kind']) {
        const tally = {};
        for (const number of universe) {
          const row = rowsByNumber.get(number);
          if (chosen.some((other) => other !== name && !row[other].includes(filters[other]))) continue;
          for (const value of row[name]) tally[value] = (tally[value] || 0) + 1;
        }
        assert.deepEqual(Object.fromEntries(answer.counts[name]), tally, name);
      }
    });
  }
});
