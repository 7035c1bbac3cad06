import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { bucketOf, chunkPath, ensureItems, findItem, itemAt, stepFrom } from '../src/data.js';
import { createPieces, PIECES_AT_ONCE, PIECES_AT_ONCE_HTTP1, piecesAtOnce } from '../src/pieces.js';
import { applyIndex } from '../src/settings.js';
import { state } from '../src/state.js';

// A loader that records what is asked for; the test answers each request by hand, and says when
// its script has run or could not load (`settle`: a piece not handed over by then has none).
function fakeLoader() {
  const asked = [];
  const settlers = new Map();
  const loader = (path, settled) => {
    asked.push(path);
    settlers.set(path, settled);
  };
  return { loader, asked, settle: (path) => settlers.get(path)() };
}

describe('data pieces', () => {
  test('a piece is asked for once; everyone waiting gets it', () => {
    const fake = fakeLoader();
    const pieces = createPieces(fake.loader);
    const got = [];
    pieces.load('data/index.js', (data) => got.push(['a', data]));
    pieces.load('data/index.js', (data) => got.push(['b', data]));
    assert.deepEqual(fake.asked, ['data/index.js']);
    assert.deepEqual(got, []);
    pieces.receive('data/index.js', { x: 1 });
    assert.deepEqual(got, [
      ['a', { x: 1 }],
      ['b', { x: 1 }],
    ]);
    pieces.load('data/index.js', (data) => got.push(['c', data]));
    assert.deepEqual(got.at(-1), ['c', { x: 1 }], 'a piece that came is handed over at once');
    assert.deepEqual(fake.asked, ['data/index.js']);
  });

  test('a piece that cannot load calls its waiters with null, and is not asked again', () => {
    const fake = fakeLoader();
    const pieces = createPieces(fake.loader);
    const got = [];
    pieces.load('data/0001.js', (data) => got.push(data));
    fake.settle('data/0001.js');
    assert.deepEqual(got, [null]);
    pieces.load('data/0001.js', (data) => got.push(data));
    assert.deepEqual(got, [null, null]);
    assert.equal(fake.asked.length, 1);
  });

  test('a piece that arrives unasked (a script in the page) is kept', () => {
    const fake = fakeLoader();
    const pieces = createPieces(fake.loader);
    pieces.receive('data/ids-00.js', { a: ['', 0] });
    let got = null;
    pieces.load('data/ids-00.js', (data) => {
      got = data;
    });
    assert.deepEqual(got, { a: ['', 0] });
    assert.deepEqual(fake.asked, []);
  });

  test('at most `concurrency` asked for at a time, in the order asked; a script that runs without its piece has none', () => {
    const { loader, asked, settle } = fakeLoader();
    const pieces = createPieces(loader, 2);
    const got = [];
    for (const path of ['a', 'b', 'c', 'd']) pieces.load(path, (data) => got.push([path, data]));
    assert.deepEqual(asked, ['a', 'b']);
    pieces.receive('a', 1);
    settle('a');
    assert.deepEqual(asked, ['a', 'b', 'c'], 'a slot is free once the script has run');
    settle('b');
    assert.deepEqual(asked, ['a', 'b', 'c', 'd']);
    assert.deepEqual(got, [
      ['a', 1],
      ['b', null],
    ]);
  });

  test('a piece whose every waiter went stale before its turn is not asked for, until someone asks again', () => {
    const { loader, asked, settle } = fakeLoader();
    const pieces = createPieces(loader, 1);
    let typedOver = false;
    const stale = () => typedOver;
    const got = [];
    pieces.load('first', (data) => got.push(['first', data]), stale);
    pieces.load('second', (data) => got.push(['second', data]), stale);
    pieces.load('shared', (data) => got.push(['shared, stale', data]), stale);
    pieces.load('shared', (data) => got.push(['shared, live', data]));
    typedOver = true;
    pieces.receive('first', 1);
    settle('first');
    assert.deepEqual(asked, ['first', 'shared'], '"second" is skipped, "shared" has a waiter still');
    pieces.receive('shared', 3);
    settle('shared');
    assert.deepEqual(got, [
      ['first', 1],
      ['shared, stale', 3],
      ['shared, live', 3],
    ]);
    pieces.load('second', (data) => got.push(['second, again', data]));
    assert.deepEqual(asked, ['first', 'shared', 'second']);
    pieces.receive('second', 2);
    assert.deepEqual(got.slice(-2), [
      ['second', 2],
      ['second, again', 2],
    ]);
  });

  test('paths such as __proto__ are pieces like any other', () => {
    const pieces = createPieces(() => {});
    let got = null;
    pieces.load('__proto__', (data) => {
      got = data;
    });
    pieces.receive('__proto__', 7);
    assert.equal(got, 7);
  });
});

describe('albums in chunks', () => {
  let fake;
  beforeEach(() => {
    fake = fakeLoader();
    state.pieces = createPieces(fake.loader);
    applyIndex({
      albums: [
        { id: '', count: 1200, children: ['2019/rome'] },
        { id: '2019/rome', count: 3 },
      ],
      chunkSize: 500,
      buckets: 8,
    });
  });

  test('chunk paths: the root album at data/, others in their folder', () => {
    assert.equal(chunkPath({ id: '' }, 1), 'data/0001.js');
    assert.equal(chunkPath({ id: '2019/rome' }, 12), 'data/2019/rome/0012.js');
  });

  test('ensureItems asks for each chunk once and calls back when all have come', () => {
    const album = state.albumsByID[''];
    let called = 0;
    ensureItems(album, [0, 499, 500, 1199, null, -1, 5000], () => {
      called++;
    });
    assert.deepEqual(fake.asked, ['data/0001.js', 'data/0002.js', 'data/0003.js']);
    const chunk = (start, n) => ({ start, items: Array.from({ length: n }, (_, i) => ({ id: `p${start + i}` })) });
    state.pieces.receive('data/0001.js', chunk(0, 500));
    state.pieces.receive('data/0002.js', chunk(500, 500));
    assert.equal(called, 0);
    state.pieces.receive('data/0003.js', chunk(1000, 200));
    assert.equal(called, 1);
    assert.equal(itemAt(album, 1199).id, 'p1199');
    ensureItems(album, [3, 700], () => {
      called++;
    });
    assert.equal(called, 2, 'loaded items call back at once');
  });

  test('a chunk that fails still calls back, its items missing', () => {
    const album = state.albumsByID['2019/rome'];
    let called = false;
    ensureItems(album, [0], () => {
      called = true;
    });
    fake.settle('data/2019/rome/0001.js');
    assert.equal(called, true);
    assert.equal(itemAt(album, 0), null);
  });

  test('a malformed chunk is ignored', () => {
    const album = state.albumsByID['2019/rome'];
    ensureItems(album, [1], () => {});
    state.pieces.receive('data/2019/rome/0001.js', { items: 'no' });
    assert.equal(itemAt(album, 1), null);
  });

  test("findItem reads the id's bucket", () => {
    const results = [];
    const record = (album, position) => results.push([album ? album.id : null, position]);
    findItem('2019/rome/b', record);
    findItem('nowhere', record);
    findItem('constructor', record);
    for (const path of new Set(fake.asked)) {
      state.pieces.receive(path, { '2019/rome/b': ['2019/rome', 1], nowhere: ['gone', 0], constructor: ['', 0] });
    }
    assert.deepEqual(results, [
      ['2019/rome', 1],
      [null, null],
      ['', 0],
    ]);
    const failed = [];
    findItem('zz', (album, position) => failed.push([album, position]));
    fake.settle(fake.asked.at(-1));
    assert.deepEqual(failed, [[null, null]]);
  });
});

describe('buckets and steps', () => {
  test('bucketOf is FNV-1a of the UTF-8 bytes, as vitrine writes the lookup', () => {
    // FNV-1a of "a" is 0xe40c292c (GalleryPageTests checks the Swift side the same way).
    assert.equal(bucketOf('a', 256), 'data/ids-2c.js');
    assert.equal(bucketOf('a', 8), 'data/ids-04.js');
    assert.equal(bucketOf('', 256), `data/ids-${(0x811c9dc5 % 256).toString(16)}.js`);
    assert.match(bucketOf('caf\u00e9/\u65e5\u672c', 4096), /^data\/ids-[0-9a-f]{2,3}\.js$/);
  });

  test('stepFrom: ends, and wrapping in a cyclic gallery', () => {
    assert.equal(stepFrom(0, -1, 5, false), null);
    assert.equal(stepFrom(4, 1, 5, false), null);
    assert.equal(stepFrom(2, 1, 5, false), 3);
    assert.equal(stepFrom(0, -1, 5, true), 4);
    assert.equal(stepFrom(4, 1, 5, true), 0);
    assert.equal(stepFrom(1, -8, 5, true), 3);
    assert.equal(stepFrom(0, 1, 0, true), null);
  });
});

describe('pieces at a time', () => {
  test('6 over http/1, as many as a browser sends one such server; more over http/2 and 3 and from disk', () => {
    assert.equal(PIECES_AT_ONCE_HTTP1, 6);
    for (const protocol of ['http/1.1', 'http/1.0', 'HTTP/1.1', 'http/1']) assert.equal(piecesAtOnce(protocol), 6, protocol);
    for (const protocol of ['h2', 'h3', 'http/2', '', undefined, null, 'h2c']) {
      assert.equal(piecesAtOnce(protocol), PIECES_AT_ONCE, String(protocol));
    }
    assert.ok(PIECES_AT_ONCE > PIECES_AT_ONCE_HTTP1);
  });
});

describe('settings', () => {
  test('an index without albums is refused', () => {
    assert.equal(applyIndex(null), false);
    assert.equal(applyIndex({ albums: [] }), false);
  });

  test('defaults fill what the index leaves out, and the first album is the root when none is', () => {
    assert.equal(applyIndex({ albums: [{ id: 'x' }], gap: -3, chunkSize: 0, direction: 'vertical', cyclic: true }), true);
    assert.equal(state.gap, 30);
    assert.equal(state.gallery.chunkSize, 500);
    assert.equal(state.gallery.buckets, 256);
    assert.equal(state.vertical, true);
    assert.equal(state.cyclic, true);
    assert.equal(state.albumsByID[''].id, 'x');
    assert.deepEqual(state.albumsByID.x.children, []);
    assert.equal(state.albumsByID.x.count, 0);
    assert.equal(state.albumsByID.toString, undefined, 'no album is found on the prototype');
  });
});
