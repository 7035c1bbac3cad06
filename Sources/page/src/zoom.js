// The zoom policy: scales relative to the fitted picture, as the manifest's `zoom` gives them.
import { clamp, isNumber } from './util.js';

const DEFAULT_VIEWPORT = [1920, 1080];
// Scales closer than this are the same scale.
export const SAME_SCALE = 1e-3;

// The picture's scale when fitted in `size`: inside it, never enlarged unless aboveOriginal.
export function fitScale(item, size) {
  const scale = Math.min(size.width / (item.width || 1), size.height / (item.height || 1));
  return item.zoom && item.zoom.aboveOriginal === true ? scale : Math.min(1, scale);
}

// The picture's fitted scale in the screen the manifest's zoom was computed for (--viewport).
export function viewportFitScale(item, viewport) {
  const size = Array.isArray(viewport) && viewport.length === 2 ? viewport : DEFAULT_VIEWPORT;
  return fitScale(item, { width: size[0], height: size[1] });
}

// The zoom range of an item in a window of `size`: the manifest's (its maximum scaled from the
// manifest's viewport to this window), never past 1:1 on screen unless aboveOriginal; a double
// tap's scale inside it (null: double taps do nothing).
export function zoomRange(item, size, viewport) {
  if (item.kind === 'video') return { min: 1, max: 1, tap: null };
  const zoom = item.zoom && typeof item.zoom === 'object' ? item.zoom : {};
  const fitted = fitScale(item, size);
  const oneToOne = Math.max(1, 1 / fitted);
  const min = isNumber(zoom.minScale) ? clamp(zoom.minScale, 0.05, 1) : 1;
  // The manifest's cap was computed for its viewport: the same picture pixels on screen here.
  let max = isNumber(zoom.maxScale) ? (zoom.maxScale * viewportFitScale(item, viewport)) / fitted : oneToOne;
  if (zoom.aboveOriginal !== true) max = Math.min(max, oneToOne);
  max = Math.max(max, 1);
  let tap = null;
  if (zoom.doubleTap !== 'none') tap = clamp(isNumber(zoom.doubleTapScale) ? zoom.doubleTapScale : Math.min(2, max), min, max);
  return { min, max, tap: tap !== null && Math.abs(tap - 1) > SAME_SCALE ? tap : null };
}

// The picture's box in a page of `size` for `view` ({ scale, x, y }, the offset from centred),
// the offset kept so that a picture larger than the page keeps its edges at the page's.
export function pictureBox(item, view, size) {
  const fitted = fitScale(item, size);
  const width = (item.width || 1) * fitted * view.scale;
  const height = (item.height || 1) * fitted * view.scale;
  const roomX = Math.max(0, (width - size.width) / 2);
  const roomY = Math.max(0, (height - size.height) / 2);
  view.x = clamp(view.x, -roomX, roomX);
  view.y = clamp(view.y, -roomY, roomY);
  return { left: (size.width - width) / 2 + view.x, top: (size.height - height) / 2 + view.y, width, height };
}

// `view` zoomed to `scale` (clamped to `range`), the point (px, py) from the page's centre kept
// where it is.
export function zoomView(view, scale, range, px, py) {
  const target = clamp(scale, range.min, range.max);
  const factor = target / view.scale;
  view.x = px - (px - view.x) * factor;
  view.y = py - (py - view.y) * factor;
  view.scale = target;
  return view;
}

// A double click or tap: the scale to go to (fitted and the double-tap scale in turn), or null.
export function toggledScale(view, range) {
  if (range.tap === null && view.scale <= 1 + SAME_SCALE) return null;
  return Math.abs(view.scale - 1) > SAME_SCALE ? 1 : range.tap;
}

export function isZoomed(view, range) {
  return view.scale > range.min + SAME_SCALE;
}
