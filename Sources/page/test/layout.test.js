import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cellPlace, chunksOf, gridLayout, visibleRange } from '../src/layout.js';

const ITEMS = 150_000;
const GAP = 30;

describe('grid layout', () => {
  test('150,000 items at 1280 px: columns, side, and a list as tall as every row', () => {
    const layout = gridLayout({ count: ITEMS, width: 1280 - 60, least: 180, gap: GAP, padLeft: 30, padTop: 30, padBottom: 30 });
    assert.equal(layout.columns, 5);
    assert.equal(layout.side, (1220 - 4 * GAP) / 5);
    assert.equal(layout.rows, 30_000);
    assert.equal(layout.height, 60 + 30_000 * layout.side + 29_999 * GAP);
    // The last cell ends at the list's bottom padding.
    const last = cellPlace(layout, GAP, ITEMS - 1);
    assert.equal(last.top + last.side + 30, layout.height);
    assert.equal(last.left + last.side, 30 + 1220);
  });

  test('cells are in reading order and never overlap', () => {
    const layout = gridLayout({ count: ITEMS, width: 1220, least: 180, gap: GAP });
    let previous = cellPlace(layout, GAP, 0);
    for (const position of [1, 2, 3, 4, 5, 6, 74_999, 75_000, ITEMS - 1]) {
      const place = cellPlace(layout, GAP, position);
      const sameRow = place.top === previous.top;
      if (sameRow) assert.ok(place.left >= previous.left + previous.side + GAP - 1e-9, String(position));
      else assert.ok(place.top >= previous.top + previous.side + GAP - 1e-9 || position !== 1, String(position));
      previous = place;
    }
  });

  test('a narrow window has one column, never none', () => {
    assert.equal(gridLayout({ count: 10, width: 100, least: 180, gap: GAP }).columns, 1);
    assert.equal(gridLayout({ count: 10, width: -5, least: 180, gap: GAP }).columns, 1);
    assert.equal(gridLayout({ count: 0, width: 1000, least: 180, gap: GAP }).height, 0);
  });

  test('drawn cells stay few anywhere in 150,000 items (a screen above, two below)', () => {
    for (const size of [
      { width: 1280, height: 800, least: 180 },
      { width: 390, height: 844, least: 180 },
      { width: 3840, height: 2160, least: 180 },
    ]) {
      const layout = gridLayout({ count: ITEMS, width: size.width, least: size.least, gap: GAP });
      for (const scrolled of [0, layout.height / 2, layout.height - size.height, layout.height * 2]) {
        const { first, last } = visibleRange(layout, GAP, ITEMS, scrolled, size.height);
        assert.ok(first >= 0 && last <= ITEMS - 1 && first <= last, `${first}..${last}`);
        const rows = Math.ceil((4 * size.height) / (layout.side + GAP)) + 2;
        assert.ok(last - first + 1 <= rows * layout.columns, `${size.width}: ${last - first + 1} cells`);
      }
    }
  });

  test('the end of the album is drawn when scrolled to', () => {
    const layout = gridLayout({ count: ITEMS, width: 1220, least: 180, gap: GAP });
    const { last } = visibleRange(layout, GAP, ITEMS, layout.height - 800, 800);
    assert.equal(last, ITEMS - 1);
    const top = visibleRange(layout, GAP, ITEMS, 0, 800);
    assert.equal(top.first, 0);
  });

  test('the chunks that hold a range', () => {
    assert.deepEqual(chunksOf(0, 0, 500), [0]);
    assert.deepEqual(chunksOf(499, 500, 500), [0, 1]);
    assert.deepEqual(chunksOf(149_990, 149_999, 500), [299]);
  });
});
