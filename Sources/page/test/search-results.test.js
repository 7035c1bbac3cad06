import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createPieces } from '../src/pieces.js';
import { parseRoute, searchHash } from '../src/routes.js';
import { filtersFrom } from '../src/search-facets.js';
import { noteRecords, prefetchRecords, RESULTS_CHUNK, resultsAlbum } from '../src/search-results.js';
import { fixturePieces, fixtureStore } from './search-site.js';

// The results of a search over `numbers`, with a fake lookup of whole items: the item of id ID
// is in album 'home' at the position of its number, and comes with a caption and its album's counter.
function results(numbers, recordBlock = 8) {
  const { store, asked } = fixtureStore();
  const found = [];
  const home = { id: 'home', loaded: [] };
  const lookup = {
    store,
    findItem: (id, callback) => {
      found.push(id);
      callback(id === 'gone' ? null : home, found.length - 1);
    },
    ensureItems: (album, positions, callback) => {
      for (const at of positions) album.loaded[at] = { id: found[at], caption: 'whole', position: '7 of 9' };
      callback();
    },
    itemAt: (album, at) => album.loaded[at],
  };
  const links = { view: '#/s/?q=x', item: (id) => `#/s/?q=x&i=${encodeURIComponent(id)}` };
  return { album: resultsAlbum(numbers, { recordBlock, title: 'Search: x', links, lookup }), asked, found };
}

describe('records a term piece carries', () => {
  const lookupOf = (store) => ({ store, findItem: () => {}, ensureItems: () => {}, itemAt: (album, at) => album.loaded[at] });
  const links = { view: '#/s/?q=x', item: (id) => `#/s/?q=x&i=${id}` };
  test('known results load no record piece; the others load their blocks', () => {
    const { store, asked } = fixtureStore();
    const record = ['elsewhere/known', null, 'known.jpg', 'image', 40, 30, [['thumbs/known.jpg', 20, 15]]];
    noteRecords(store, { records: [[17, record], ['x', record], [9]] });
    prefetchRecords(store, [17], 8, () => false);
    assert.deepEqual(asked, [], 'a known record: nothing to ask for');
    const album = resultsAlbum([17, 3, 1], { recordBlock: 8, title: 'x', links, lookup: lookupOf(store) });
    assert.equal(album.loaded[0].id, 'elsewhere/known', 'in place as soon as the results are');
    assert.equal(album.chunksIn.has(0), false, 'the chunk is not whole yet');
    album.source.chunk(0, () => {});
    assert.deepEqual(asked, ['search/r/0000.js'], "the block of 1 and 3; 17's, r/0002, not asked for");
    assert.deepEqual(
      album.loaded.map((item) => item.id),
      ['elsewhere/known', 'italy/bear', 'italy/rome/forum'],
    );
  });
  test('a chunk whose records are all known is whole at once; another store knows nothing of them', () => {
    const { store, asked } = fixtureStore();
    const record = (id) => [id, null, `${id}.jpg`, 'image', 40, 30, []];
    const piece = {
      records: [
        [5, record('five')],
        [4, record('four')],
      ],
    };
    noteRecords(store, piece);
    const album = resultsAlbum([5, 4], { recordBlock: 8, title: 'x', links, lookup: lookupOf(store) });
    assert.ok(album.chunksIn.has(0));
    assert.deepEqual(asked, []);
    const other = fixtureStore();
    noteRecords(other.store, piece);
    const elsewhere = resultsAlbum([5, 6], { recordBlock: 8, title: 'x', links, lookup: lookupOf(other.store) });
    assert.equal(elsewhere.loaded[0].id, 'five', 'the same piece noted by another store');
    assert.equal(elsewhere.chunksIn.has(0), false);
  });
});

describe('the results as an album', () => {
  test('its cells come from the record blocks of the results drawn, no album chunk', () => {
    const { album, asked } = results([17, 3, 1]);
    let done = false;
    album.source.chunk(0, () => {
      done = true;
    });
    assert.ok(done);
    assert.deepEqual(asked.sort(), ['search/r/0000.js', 'search/r/0002.js']);
    assert.deepEqual(
      album.loaded.map((record) => record.id),
      ['japan/img-1054', 'italy/bear', 'italy/rome/forum'],
    );
    assert.equal(album.loaded[0].motion, true);
    assert.deepEqual(album.loaded[1], {
      id: 'italy/bear',
      album: 'italy',
      name: 'bear-walk.mov',
      kind: 'video',
      width: 400,
      height: 225,
      durationLabel: '0:12',
      renditions: [{ path: 'thumbs/italy/bear.jpg', width: 200, height: 150 }],
    });
    assert.equal(album.loaded[2].motion, undefined, 'a record without motion');
    assert.ok(album.chunksIn.has(0));
  });

  test(`${RESULTS_CHUNK} at a time: a chunk loads the blocks of its own results only`, () => {
    const numbers = Array.from({ length: 40 }, (_, index) => (index < 30 ? 0 : 17));
    const { album, asked } = results(numbers);
    album.source.chunk(1, () => {});
    assert.deepEqual(asked, ['search/r/0002.js']);
    assert.equal(album.loaded[0], undefined);
    assert.equal(album.loaded[35].id, 'japan/img-1054');
    assert.equal(album.chunkSize, RESULTS_CHUNK);
  });

  test('a chunk comes block by block: progress() as each but the last comes, its records in place; asked again, it waits', () => {
    const asked = [];
    const later = new Map();
    const store = createPieces((path, settled) => {
      asked.push(path);
      later.set(path, () => {
        store.receive(path, fixturePieces.get(path));
        settled();
      });
    });
    const shown = true;
    const lookup = { store, isShown: () => shown };
    const album = resultsAlbum([17, 3, 1], { recordBlock: 8, title: 'x', links: { view: '', item: () => '' }, lookup });
    const told = [];
    album.source.chunk(
      0,
      () => told.push('done'),
      () => told.push('progress'),
    );
    album.source.chunk(0, () => told.push('done, asked again'));
    assert.deepEqual(asked.sort(), ['search/r/0000.js', 'search/r/0002.js']);
    later.get('search/r/0002.js')();
    assert.deepEqual(told, ['progress']);
    assert.equal(album.loaded[0].id, 'japan/img-1054');
    assert.equal(album.loaded[1], undefined);
    later.get('search/r/0000.js')();
    assert.deepEqual(told, ['progress', 'done', 'done, asked again']);
    assert.equal(album.loaded[2].id, 'italy/rome/forum');
    assert.ok(album.chunksIn.has(0));
  });

  test('records are not asked for while the results are not shown, and are when they are again', () => {
    // A store of one slot, held by another piece until the test releases it.
    const asked = [];
    let release;
    const store = createPieces((path, settled) => {
      asked.push(path);
      if (path === 'other') {
        release = settled;
        return;
      }
      store.receive(path, fixturePieces.get(path));
      settled();
    }, 1);
    let shown = true;
    const links = { view: '', item: () => '' };
    const album = resultsAlbum([1, 17], { recordBlock: 8, title: 'x', links, lookup: { store, isShown: () => shown } });
    store.load('other', () => {});
    let done = false;
    album.source.chunk(0, () => {
      done = true;
    });
    shown = false;
    release();
    assert.deepEqual(asked, ['other'], 'the results were left before their turn');
    assert.equal(done, false);
    shown = true;
    album.source.chunk(0, () => {});
    assert.deepEqual(asked, ['other', 'search/r/0000.js', 'search/r/0002.js']);
    assert.equal(done, true);
  });

  test('the viewer gets items whole, found by id, its counter among the results', () => {
    const { album, found } = results([1, 3]);
    let done = false;
    album.source.items([null, 0, 1, 2], () => {
      done = true;
    });
    assert.ok(done);
    assert.deepEqual(found, ['italy/rome/forum', 'italy/bear']);
    assert.equal(album.loaded[1].caption, 'whole');
    assert.equal(album.loaded[1].position, '', 'its album\u2019s counter is not the results\u2019');
    album.source.items([0, 1], () => {});
    assert.equal(found.length, 2, 'an item is found once');
  });

  test('a record a block lacks is a missing cell, not a hole', () => {
    const { album } = results([16]);
    album.source.chunk(0, () => {});
    assert.equal(album.loaded[0].missing, true);
  });

  test('its URLs are the search\u2019s', () => {
    const { album } = results([1]);
    assert.equal(album.hash, '#/s/?q=x');
    assert.equal(album.itemHash('a/b'), '#/s/?q=x&i=a%2Fb');
  });
});

describe("a search's URL", () => {
  test('holds the text, the filters and the item shown, and is read back', () => {
    const hash = searchHash('caf\u00e9 & <b>', { year: '2019', camera: 'Canon EOS 5D', kind: '' }, 'rome/forum');
    assert.equal(hash, '#/s/?q=caf%C3%A9+%26+%3Cb%3E&year=2019&camera=Canon+EOS+5D&i=rome%2Fforum');
    const route = parseRoute(hash);
    assert.equal(route.kind, 'search');
    assert.equal(route.params.get('q'), 'caf\u00e9 & <b>');
    assert.equal(route.params.get('i'), 'rome/forum');
    assert.deepEqual(filtersFrom(route.params), { year: '2019', camera: 'Canon EOS 5D' });
  });
  test('an empty search and a broken escape', () => {
    assert.equal(parseRoute('#/s/').params.get('q'), null);
    assert.equal(typeof parseRoute('#/s/?q=%E0%A4%A').params.get('q'), 'string', 'text, never an exception');
  });
});
