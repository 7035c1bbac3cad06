import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fitScale, isZoomed, pictureBox, toggledScale, viewportFitScale, zoomRange, zoomView } from '../src/zoom.js';

const windows = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
  { width: 300, height: 300 },
];
const photo = { width: 4000, height: 3000 };

describe('zoom policy', () => {
  test('the largest zoom is 1:1 of the picture pixels in any window', () => {
    for (const size of windows) {
      const range = zoomRange(photo, size);
      const box = pictureBox(photo, { scale: range.max, x: 0, y: 0 }, size);
      assert.ok(Math.abs(box.width - photo.width) < 1e-6, `${size.width}×${size.height}: ${box.width}`);
      assert.ok(Math.abs(box.height - photo.height) < 1e-6);
    }
  });

  test('a picture smaller than the window is shown at its size and does not zoom', () => {
    const small = { width: 200, height: 100 };
    assert.equal(fitScale(small, { width: 1280, height: 800 }), 1);
    assert.deepEqual(zoomRange(small, { width: 1280, height: 800 }), { min: 1, max: 1, tap: null });
  });

  test('aboveOriginal enlarges to fit and lets the zoom pass 1:1', () => {
    const item = { width: 200, height: 100, zoom: { aboveOriginal: true, maxScale: 4 } };
    const size = { width: 1280, height: 800 };
    assert.equal(fitScale(item, size), 6.4);
    const range = zoomRange(item, size, [1920, 1080]);
    assert.ok(range.max > 1);
  });

  test("the manifest's cap is scaled from its viewport to this window", () => {
    const item = { ...photo, zoom: { maxScale: 2 } };
    // At the manifest's viewport, 2 is 2.
    assert.equal(zoomRange(item, { width: 1920, height: 1080 }, [1920, 1080]).max, 2);
    // In a window half as wide, the same picture pixels are 4 fitted widths.
    const half = zoomRange(item, { width: 960, height: 540 }, [1920, 1080]);
    assert.ok(Math.abs(half.max - 4) < 1e-9, String(half.max));
    assert.equal(viewportFitScale(item, 'bad'), viewportFitScale(item, [1920, 1080]));
  });

  test('the double tap: 2 by default, the manifest scale, none, clamped', () => {
    const size = { width: 1280, height: 800 };
    assert.equal(zoomRange(photo, size).tap, 2);
    assert.equal(zoomRange({ ...photo, zoom: { doubleTapScale: 3 } }, size).tap, 3);
    assert.equal(zoomRange({ ...photo, zoom: { doubleTap: 'none' } }, size).tap, null);
    const range = zoomRange({ ...photo, zoom: { doubleTapScale: 99 } }, size);
    assert.equal(range.tap, range.max);
    assert.deepEqual(zoomRange({ kind: 'video', ...photo }, size), { min: 1, max: 1, tap: null });
  });

  test('minScale lets a picture shrink below fitted, not below 5%', () => {
    const size = { width: 1280, height: 800 };
    assert.equal(zoomRange({ ...photo, zoom: { minScale: 0.5 } }, size).min, 0.5);
    assert.equal(zoomRange({ ...photo, zoom: { minScale: 0 } }, size).min, 0.05);
    assert.equal(zoomRange({ ...photo, zoom: { minScale: 7 } }, size).min, 1);
  });

  test('zooming keeps the point under the pointer where it is', () => {
    const size = { width: 1280, height: 800 };
    const view = { scale: 1, x: 0, y: 0 };
    const range = zoomRange(photo, size);
    const before = pictureBox(photo, { ...view }, size);
    // A point 200 px right of and 100 px below the centre, in picture fractions.
    const fx = (640 + 200 - before.left) / before.width;
    const fy = (400 + 100 - before.top) / before.height;
    zoomView(view, 2, range, 200, 100);
    const after = pictureBox(photo, view, size);
    assert.ok(Math.abs(after.left + fx * after.width - 840) < 1e-6);
    assert.ok(Math.abs(after.top + fy * after.height - 500) < 1e-6);
  });

  test('the view is clamped: a zoomed picture keeps its edges at the page edges', () => {
    const size = { width: 1280, height: 800 };
    const view = { scale: 2, x: 99999, y: -99999 };
    const box = pictureBox(photo, view, size);
    assert.equal(box.left, 0);
    assert.equal(box.top + box.height, 800);
    const fitted = pictureBox(photo, { scale: 1, x: 50, y: 50 }, size);
    assert.equal(fitted.left, (1280 - fitted.width) / 2, 'a picture that fits stays centred');
  });

  test('double click toggles between fitted and the tap scale', () => {
    const range = { min: 1, max: 4, tap: 2 };
    assert.equal(toggledScale({ scale: 1 }, range), 2);
    assert.equal(toggledScale({ scale: 2 }, range), 1);
    assert.equal(toggledScale({ scale: 3.3 }, range), 1);
    assert.equal(toggledScale({ scale: 1 }, { min: 1, max: 1, tap: null }), null);
    assert.equal(toggledScale({ scale: 2 }, { min: 1, max: 2, tap: null }), 1);
    assert.equal(isZoomed({ scale: 1.0005 }, range), false);
    assert.equal(isZoomed({ scale: 1.5 }, range), true);
  });

  test('zoomView clamps to the range', () => {
    const view = zoomView({ scale: 1, x: 0, y: 0 }, 50, { min: 1, max: 3 }, 0, 0);
    assert.equal(view.scale, 3);
    assert.equal(zoomView(view, 0.01, { min: 0.5, max: 3 }, 0, 0).scale, 0.5);
  });
});
