import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hasDeepZoom, levelFor, levelSize, tilesInView } from '../src/tiles.js';
import { pictureBox, zoomRange } from '../src/zoom.js';

// The corpus's 3840×2160 photo as `vitrine tiles` writes it: 256 px tiles, overlap 1, 13 levels.
const item = {
  width: 3840,
  height: 2160,
  tiles: { layout: 'dz', container: 'fs', path: 'tiles/big photo.dzi', tileSize: 256, overlap: 1, levels: 13, format: 'jpeg' },
};

describe('Deep Zoom tiles', () => {
  test('what the page can draw', () => {
    assert.equal(hasDeepZoom(item), true);
    for (const change of [
      { layout: 'iiif' },
      { container: 'zip' },
      { path: 'a.xml' },
      { path: '../a.dzi' },
      { tileSize: 0 },
      { format: 'gif' },
    ]) {
      assert.equal(hasDeepZoom({ ...item, tiles: { ...item.tiles, ...change } }), false, JSON.stringify(change));
    }
    assert.equal(hasDeepZoom({ ...item, width: undefined }), false);
    assert.equal(hasDeepZoom({ width: 1, height: 1 }), false);
  });

  test('levels: halved and rounded up below the top', () => {
    assert.deepEqual(levelSize(item, 12), { width: 3840, height: 2160 });
    assert.deepEqual(levelSize(item, 11), { width: 1920, height: 1080 });
    assert.deepEqual(levelSize(item, 0), { width: 1, height: 1 });
    assert.equal(levelFor(item, 1280, 1), 11);
    assert.equal(levelFor(item, 1280, 2), 12);
    assert.equal(levelFor(item, 100000, 1), 12);
  });

  test('at 1:1 in a 1280×800 window, the tiles that cover the window and no more', () => {
    const size = { width: 1280, height: 800 };
    const view = { scale: zoomRange(item, size).max, x: 0, y: 0 };
    const box = pictureBox(item, view, size);
    const { level, wanted } = tilesInView(item, box, size, 1);
    assert.equal(level, 12);
    // The window shows level pixels 1280..2560 × 680..1480: columns 5–9, rows 2–5.
    assert.equal(wanted.size, 5 * 4);
    assert.ok(wanted.has('tiles/big%20photo_files/12/5_2.jpg'));
    assert.ok(wanted.has('tiles/big%20photo_files/12/9_5.jpg'));
    for (const place of wanted.values()) {
      assert.ok(place.left < size.width && place.left + place.width > 0);
      assert.ok(place.top < size.height && place.top + place.height > 0);
    }
  });

  test('tiles repeat their neighbours overlap, and the last ones are cut to the level', () => {
    const size = { width: 4000, height: 3000 };
    const box = { left: 0, top: 0, width: 3840, height: 2160 };
    const { wanted } = tilesInView(item, box, size, 1);
    assert.equal(wanted.size, 15 * 9);
    assert.deepEqual(wanted.get('tiles/big%20photo_files/12/0_0.jpg'), { left: 0, top: 0, width: 257, height: 257 });
    assert.deepEqual(wanted.get('tiles/big%20photo_files/12/1_1.jpg'), { left: 255, top: 255, width: 258, height: 258 });
    assert.deepEqual(wanted.get('tiles/big%20photo_files/12/14_8.jpg'), { left: 3583, top: 2047, width: 257, height: 113 });
  });

  test('a picture off screen wants no tile', () => {
    const { wanted } = tilesInView(item, { left: 5000, top: 0, width: 1280, height: 720 }, { width: 1280, height: 800 }, 1);
    assert.equal(wanted.size, 0);
  });
});
