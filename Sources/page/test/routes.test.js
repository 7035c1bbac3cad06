import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { albumChain, albumHash, albumLabel, decodePart, documentTitle, itemHash, parseRoute } from '../src/routes.js';

const awkwardIDs = ['2019/rome/IMG_0001', 'a b/c#d?e', '100%/done', 'caf\u00e9/\u65e5\u672c', 'x/../y', '', 'plus+and&'];

describe('routes', () => {
  test('an item id holding / is one URL segment, and comes back whole', () => {
    assert.equal(itemHash('2019/rome/IMG_0001'), '#/i/2019%2Frome%2FIMG_0001');
    for (const id of awkwardIDs) {
      const hash = itemHash(id);
      assert.equal(hash.slice(4).includes('/'), false, hash);
      assert.equal(hash.slice(4).includes('#'), false, hash);
      assert.deepEqual(parseRoute(hash), { kind: 'item', id });
    }
  });

  test('an album id comes back whole', () => {
    assert.equal(albumHash({ id: '2019/rome' }), '#/a/2019%2Frome');
    for (const id of awkwardIDs) assert.deepEqual(parseRoute(albumHash({ id })), { kind: 'album', id });
  });

  test('a hash that is neither names the root album', () => {
    for (const hash of ['', '#', '#/', '#/x/1', '#top', '#/I/a']) assert.deepEqual(parseRoute(hash), { kind: 'album', id: '' });
  });

  test('broken percent-encoding gives a null id, not an exception', () => {
    assert.equal(decodePart('%E0%A4%A'), null);
    assert.deepEqual(parseRoute('#/i/%'), { kind: 'item', id: null });
    assert.deepEqual(parseRoute('#/a/%zz'), { kind: 'album', id: null });
  });

  test('an id written unencoded by hand still reads', () => {
    assert.deepEqual(parseRoute('#/i/2019/rome/p1'), { kind: 'item', id: '2019/rome/p1' });
  });

  test('labels and titles: the album title, else its id; the gallery title at the root', () => {
    assert.equal(albumLabel({ id: '' }, 'Trips'), 'Trips');
    assert.equal(albumLabel({ id: '2019/rome', title: 'Rome' }, 'Trips'), 'Rome');
    assert.equal(albumLabel({ id: '2019/rome' }, 'Trips'), '2019/rome');
    assert.equal(documentTitle({ id: '2019', title: '2019' }, 'Trips'), '2019 \u2013 Trips');
    assert.equal(documentTitle({ id: '' }, 'Trips'), 'Trips');
  });

  test('the breadcrumb chain goes from the root down, and stops on a loop', () => {
    const albums = { '': { id: '' }, 2019: { id: '2019', parent: '' }, '2019/rome': { id: '2019/rome', parent: '2019' } };
    assert.deepEqual(
      albumChain(albums['2019/rome'], albums).map((album) => album.id),
      ['', '2019', '2019/rome'],
    );
    const loop = { a: { id: 'a', parent: 'b' }, b: { id: 'b', parent: 'a' } };
    assert.deepEqual(
      albumChain(loop.a, loop).map((album) => album.id),
      ['b', 'a'],
    );
  });
});
