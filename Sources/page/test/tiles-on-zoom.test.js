import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { displayWidth, needsTiles } from '../src/tiles.js';
import { pictureBox, zoomRange } from '../src/zoom.js';

// A 3840×2160 photo with a 256 and a 2048 px rendition, and its Deep Zoom tiles.
const item = {
  width: 3840,
  height: 2160,
  renditions: [
    { path: 'thumbs/big-256.jpg', width: 256 },
    { path: 'thumbs/big-2048.jpg', width: 2048 },
  ],
  tiles: { layout: 'dz', container: 'fs', path: 'tiles/big.dzi', tileSize: 256, overlap: 1, levels: 13, format: 'jpeg' },
};

describe('tiles only past the display rendition', () => {
  test('the display rendition is the largest the page can show', () => {
    assert.equal(displayWidth(item), 2048);
    assert.equal(displayWidth({ ...item, renditions: [...item.renditions, { path: '../x.jpg', width: 9000 }] }), 2048);
    assert.equal(displayWidth({ width: 10 }), 0);
  });

  for (const [name, size, pixelRatio] of [
    ['a 1280×800 window', { width: 1280, height: 800 }, 1],
    ['a 390×844 phone at 3 screen pixels a CSS pixel', { width: 390, height: 844 }, 3],
  ]) {
    test(`in ${name}: none when fitted, some at 1:1`, () => {
      const fitted = pictureBox(item, { scale: 1, x: 0, y: 0 }, size);
      assert.equal(needsTiles(item, fitted.width, pixelRatio), false);
      const oneToOne = pictureBox(item, { scale: zoomRange(item, size).max, x: 0, y: 0 }, size);
      assert.equal(needsTiles(item, oneToOne.width, pixelRatio), true);
    });
  }

  test('from the first screen pixel past the rendition', () => {
    assert.equal(needsTiles(item, 1024, 2), false);
    assert.equal(needsTiles(item, 1025, 2), true);
    assert.equal(needsTiles({ ...item, renditions: [] }, 1, 1), true, 'with no rendition, tiles are the picture');
  });
});
