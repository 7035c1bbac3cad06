import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  anchorAt,
  anchorShift,
  chunkRows,
  clampedAspect,
  estimatedHeight,
  justifiedLayout,
  justifiedPlace,
  justifiedRange,
} from '../src/justified.js';

const RANGE = [0.5, 3];
const DESKTOP = { width: 1280 - 60, rowHeight: 240, gap: 30 };
const PHONE = { width: 390 - 32, rowHeight: 130, gap: 30 };

// Aspects of a photo library: mostly 3:2 and 4:3 landscapes, portraits, squares, 16:9, a few
// panoramas, in an order fixed by `seed` (a linear congruential generator).
function library(count, seed = 7) {
  const shapes = [1.5, 1.5, 1.5, 4 / 3, 4 / 3, 2 / 3, 3 / 4, 1, 16 / 9, 3];
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return shapes[Math.floor((state / 2_147_483_648) * shapes.length)];
  });
}

const sum = (values) => values.reduce((total, value) => total + value, 0);

// Each row's pictures side by side fill `width` (all but the last), at one height.
function assertRowsFill(aspects, rows, { width, rowHeight, gap }) {
  let next = 0;
  rows.forEach((row, index) => {
    assert.equal(row.start, next, 'rows are in order, with no picture left out');
    next += row.count;
    const widths = aspects.slice(row.start, row.start + row.count).map((aspect) => aspect * row.height);
    const filled = sum(widths) + (row.count - 1) * gap;
    // Rows fill the width, but the last (not stretched) and those kept from being too tall.
    assert.ok(filled <= width + 1e-6 && row.height <= rowHeight * 1.5 + 1e-9, `row ${index}: ${filled} px wide, ${row.height} px high`);
    if (index === rows.length - 1) assert.ok(row.height <= rowHeight + 1e-9, 'the last row is not stretched');
    else if (row.height < rowHeight * 1.5) assert.ok(Math.abs(filled - width) < 1e-6, `row ${index} fills ${filled} of ${width}`);
    if (index > 0) assert.ok(Math.abs(row.top - (rows[index - 1].top + rows[index - 1].height + gap)) < 1e-6);
  });
  assert.equal(next, aspects.length);
}

describe('justified rows', () => {
  test('a row takes pictures until one more overfills it, closing where its height is nearest the target', () => {
    const geometry = { width: 1000, rowHeight: 200, gap: 0 };
    // Four 3:2 pictures at 200 px need 1200 px: three fill 1000 px at 222 px (nearer 200 than
    // four's 167 px), so rows hold three.
    const rows = chunkRows([1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5], geometry);
    assert.deepEqual(
      rows.map((row) => row.count),
      [3, 3, 1],
    );
    assert.ok(Math.abs(rows[0].height - 1000 / 4.5) < 1e-9);
    assert.equal(rows[2].height, 200, 'the last row keeps the target height');
    // With a gap, the gaps come out of the row's width.
    const gapped = chunkRows([1, 1, 1, 1, 1], { width: 1000, rowHeight: 300, gap: 20 });
    assert.deepEqual(
      gapped.map((row) => row.count),
      [3, 2],
    );
    assert.ok(Math.abs(gapped[0].height - (1000 - 40) / 3) < 1e-9);
  });

  test('500 pictures of a library fill their rows, at heights near the target, on a desktop and a phone', () => {
    const aspects = library(500);
    for (const geometry of [DESKTOP, PHONE]) {
      const rows = chunkRows(aspects, geometry);
      assertRowsFill(aspects, rows, geometry);
      for (const row of rows) assert.ok(row.height >= geometry.rowHeight / 1.5 - 1e-9 || row.count === 1, String(row.height));
    }
    // Two pictures or more share a phone's rows, but a wide one (16:9 or wider), which may be
    // alone, as may the one before it, which would make their row too low.
    const phoneRows = chunkRows(aspects, PHONE);
    for (const row of phoneRows.filter((entry) => entry.count === 1)) {
      assert.ok(aspects[row.start] >= 16 / 9 || aspects[row.start + 1] >= 16 / 9, `a row of one picture of aspect ${aspects[row.start]}`);
    }
  });

  test('extreme aspects (a 20:1 panorama, a 1:10 strip) are capped, so no row is absurd', () => {
    assert.equal(clampedAspect({ width: 20_000, height: 1000 }, RANGE), 3);
    assert.equal(clampedAspect({ width: 1000, height: 10_000 }, RANGE), 0.5);
    assert.equal(clampedAspect({ width: 4000, height: 3000 }, RANGE), 4 / 3);
    assert.equal(clampedAspect({}, RANGE), 1, 'no dimensions: square');
    assert.equal(clampedAspect(null, RANGE), 1);
    const items = [];
    for (let index = 0; index < 60; index++) {
      items.push(
        index % 3 === 0 ? { width: 20_000, height: 1000 } : index % 3 === 1 ? { width: 1000, height: 10_000 } : { width: 3, height: 2 },
      );
    }
    const aspects = items.map((item) => clampedAspect(item, RANGE));
    for (const geometry of [DESKTOP, PHONE]) {
      const rows = chunkRows(aspects, geometry);
      assertRowsFill(aspects, rows, geometry);
      for (const row of rows) {
        assert.ok(row.height >= geometry.rowHeight / 1.5 - 1e-9 || row.count === 1, `row of ${row.height} px`);
        assert.ok(row.height >= PHONE.width / 3 - 1e-9 && row.height <= geometry.rowHeight * 1.5 + 1e-9, `row of ${row.height} px`);
      }
    }
    // Uncapped, a 20:1 panorama alone on a phone would be a 18 px sliver; capped it is 119 px.
    const [panorama] = chunkRows([clampedAspect({ width: 20_000, height: 1000 }, RANGE)], PHONE);
    assert.ok(Math.abs(panorama.height - PHONE.width / 3) < 1e-9);
    // A run of strips is many to a row, each as tall as the row.
    const strips = chunkRows(new Array(40).fill(clampedAspect({ width: 100, height: 1000 }, RANGE)), DESKTOP);
    assert.ok(strips[0].count >= 8 && strips[0].height <= DESKTOP.rowHeight * 1.5);
  });
});

describe('the estimate of a chunk not loaded', () => {
  test("from the chunk's summed aspects, near its rows once loaded (within a fifth on a phone, whose rows hold two pictures or so)", () => {
    for (const seed of [3, 7, 13, 99]) {
      const aspects = library(500, seed);
      for (const [geometry, tolerance] of [
        [DESKTOP, 0.05],
        [{ width: 1900, rowHeight: 300, gap: 4 }, 0.05],
        [PHONE, 0.2],
      ]) {
        const rows = chunkRows(aspects, geometry);
        const exact = rows[rows.length - 1].top + rows[rows.length - 1].height;
        const estimate = estimatedHeight(Math.round(sum(aspects) * 100) / 100, aspects.length, geometry);
        assert.ok(Math.abs(estimate - exact) / exact < tolerance, `estimate ${estimate}, rows ${exact} (${JSON.stringify(geometry)})`);
      }
    }
    assert.equal(estimatedHeight(0, 0, DESKTOP), 0);
    assert.equal(estimatedHeight(1, 1, DESKTOP), DESKTOP.rowHeight, 'one picture: one row');
  });

  test('a layout gives loaded chunks their rows and the others their estimate', () => {
    const aspects = library(1200);
    const sums = [0, 1, 2].map((chunk) => Math.round(sum(aspects.slice(chunk * 500, chunk * 500 + 500)) * 100) / 100);
    const layout = justifiedLayout({
      count: 1200,
      chunkSize: 500,
      sums,
      aspectsOf: (chunk) => (chunk === 1 ? aspects.slice(500, 1000) : null),
      ...DESKTOP,
    });
    assert.equal(layout.chunks.length, 3);
    assert.equal(layout.chunks[0].rows, null);
    assert.equal(layout.chunks[0].height, estimatedHeight(sums[0], 500, DESKTOP));
    assert.equal(layout.chunks[2].height, estimatedHeight(sums[2], 200, DESKTOP), 'the last chunk holds what is left');
    const rows = layout.chunks[1].rows;
    assert.equal(layout.chunks[1].height, rows[rows.length - 1].top + rows[rows.length - 1].height);
    assert.equal(layout.chunks[1].top, layout.chunks[0].height + DESKTOP.gap, 'rows restart at each chunk, a gap apart');
    assert.equal(layout.height, layout.chunks[2].top + layout.chunks[2].height);
    // Only the loaded chunk's pictures have a place.
    assert.equal(justifiedPlace(layout, 10), null);
    const first = justifiedPlace(layout, 500);
    assert.deepEqual([first.left, first.top], [0, layout.chunks[1].top]);
    assert.ok(Math.abs(first.width / first.height - aspects[500]) < 1e-9, 'a picture keeps its aspect');
  });

  test('without sums (an older index), a chunk counts as square pictures', () => {
    const layout = justifiedLayout({ count: 10, chunkSize: 500, ...DESKTOP });
    assert.equal(layout.chunks[0].height, estimatedHeight(10, 10, DESKTOP));
  });
});

describe('150,000 items', () => {
  const COUNT = 150_000;
  const CHUNK = 500;
  const aspects = library(COUNT);
  const sums = [];
  for (let chunk = 0; chunk < COUNT / CHUNK; chunk++)
    sums.push(Math.round(sum(aspects.slice(chunk * CHUNK, (chunk + 1) * CHUNK)) * 100) / 100);
  const frame = { count: COUNT, chunkSize: CHUNK, sums, ...DESKTOP, padLeft: 30, padTop: 30, padBottom: 30 };

  test('a jump to the last item lays out the last chunk only, at once, and draws few pictures', () => {
    const started = process.hrtime.bigint();
    const asked = [];
    // Before any chunk is loaded: the list is as tall as every chunk's estimate.
    const empty = justifiedLayout({ ...frame, aspectsOf: () => null });
    const screen = 800;
    const bottom = empty.height - empty.top - empty.chunks.length * 0 - screen;
    const wanted = justifiedRange(empty, bottom, screen);
    assert.equal(wanted.last, COUNT - 1);
    assert.ok(wanted.first >= COUNT - 2 * CHUNK, `positions from ${wanted.first}: the last chunks only`);
    // The last chunk comes: it alone is laid out, the others keep their estimate.
    const cache = new Map();
    const loaded = justifiedLayout({
      ...frame,
      cache,
      aspectsOf: (chunk) => {
        asked.push(chunk);
        return chunk === COUNT / CHUNK - 1 ? aspects.slice(COUNT - CHUNK) : null;
      },
    });
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    assert.equal(cache.size, 1);
    assert.ok(elapsed < 100, `${elapsed} ms`);
    assert.equal(asked.length, COUNT / CHUNK, 'each chunk asked once, none loaded but the last');
    const last = justifiedPlace(loaded, COUNT - 1);
    assert.ok(Math.abs(last.top + last.height + 30 - loaded.height) < 1e-6, 'the last picture ends at the bottom padding');
    const end = justifiedRange(loaded, loaded.height - loaded.top - 30 - screen, screen);
    assert.equal(end.last, COUNT - 1);
    assert.ok(end.last - end.first < 200, `${end.last - end.first + 1} pictures drawn`);
    // The pictures drawn are in reading order and do not overlap.
    let previous = justifiedPlace(loaded, end.first);
    for (let position = end.first + 1; position <= end.last; position++) {
      const place = justifiedPlace(loaded, position);
      if (place.top === previous.top) assert.ok(place.left >= previous.left + previous.width + DESKTOP.gap - 1e-6, String(position));
      else assert.ok(place.top >= previous.top + previous.height + DESKTOP.gap - 1e-6, String(position));
      previous = place;
    }
  });

  test('a layout again with the same geometry reuses the rows; a new width lays them out again', () => {
    const cache = new Map();
    let asked = 0;
    const aspectsOf = (chunk) => {
      asked += 1;
      return chunk < 3 ? aspects.slice(chunk * CHUNK, (chunk + 1) * CHUNK) : null;
    };
    justifiedLayout({ ...frame, aspectsOf, cache });
    const rows = cache.get(1).rows;
    asked = 0;
    justifiedLayout({ ...frame, aspectsOf, cache });
    assert.equal(cache.get(1).rows, rows);
    assert.equal(asked, COUNT / CHUNK - 3, 'the loaded chunks are not asked again');
    justifiedLayout({ ...frame, width: 800, aspectsOf, cache });
    assert.notEqual(cache.get(1).rows, rows);
  });

  test('the view stays on its pictures when chunks come: those above shift it, its own keep it as far in', () => {
    const only = (loaded) => (chunk) => (loaded.includes(chunk) ? aspects.slice(chunk * CHUNK, (chunk + 1) * CHUNK) : null);
    const before = justifiedLayout({ ...frame, aspectsOf: only([]) });
    const middle = before.chunks[150];
    const scrolled = middle.top + middle.height / 4;
    const anchor = anchorAt(before, scrolled);
    assert.equal(anchor.chunk, 150);
    // A chunk above the view comes: the view moves by as much as the chunk's height changed.
    const above = justifiedLayout({ ...frame, aspectsOf: only([10]) });
    const change = above.chunks[10].height - before.chunks[10].height;
    assert.ok(Math.abs(anchorShift(anchor, above) - change) < 1e-6);
    // The chunk shown comes: the view stays a quarter into it.
    const shown = justifiedLayout({ ...frame, aspectsOf: only([10, 150]) });
    const now = shown.chunks[150];
    assert.ok(Math.abs(scrolled + anchorShift(anchor, shown) - (now.top + now.height / 4)) < 1e-6);
    // A chunk below changes nothing.
    assert.equal(anchorShift(anchor, justifiedLayout({ ...frame, aspectsOf: only([200]) })), 0);
    assert.equal(anchorShift(null, shown), 0);
  });
});
