// A viewer page's picture laid out and zoomed: sizes, not transforms, so that what is drawn is
// drawn at its size, sharp; its tiles follow.
import { state } from './state.js';
import { drawTiles } from './tiles.js';
import { isNumber } from './util.js';
import { isZoomed, pictureBox, toggledScale, zoomRange, zoomView } from './zoom.js';

export function rangeOf(item) {
  return zoomRange(item, state.viewSize, state.gallery.viewport);
}

// Puts the picture (and its tiles) where the page's view says: centred when smaller than the
// page, its edges kept at the page's edges when larger.
export function layoutPage(page) {
  if (page.slot !== 0) page.view = { scale: 1, x: 0, y: 0 };
  const box = pictureBox(page.item, page.view, state.viewSize);
  for (const element of [page.placeholder, page.picture, page.video, page.motion]) {
    if (!element) continue;
    element.style.left = `${box.left}px`;
    element.style.top = `${box.top}px`;
    element.style.width = `${box.width}px`;
    element.style.height = `${box.height}px`;
  }
  if (page.picture) page.picture.sizes = `${Math.ceil(box.width)}px`;
  if (page.tiles) drawTiles(page, box, state.viewSize);
  page.element.classList.toggle('zoomed', isZoomed(page.view, rangeOf(page.item)));
}

// Zooms to `scale`, keeping the point under (clientX, clientY) where it is (the centre without one).
export function zoomTo(page, scale, clientX, clientY) {
  if (!page) return;
  const rect = page.element.getBoundingClientRect();
  const { width, height } = state.viewSize;
  const px = (isNumber(clientX) ? clientX - rect.left : width / 2) - width / 2;
  const py = (isNumber(clientY) ? clientY - rect.top : height / 2) - height / 2;
  zoomView(page.view, scale, rangeOf(page.item), px, py);
  layoutPage(page);
}

// A double click or tap: fitted to the double-tap scale, and back.
export function toggleZoom(page, clientX, clientY) {
  if (!page) return;
  const scale = toggledScale(page.view, rangeOf(page.item));
  if (scale !== null) zoomTo(page, scale, clientX, clientY);
}

export function zoomToward(page, direction) {
  if (!page) return;
  const range = rangeOf(page.item);
  zoomTo(page, direction === 'in' ? range.tap || range.max : 1);
}
