// A small Deep Zoom tile renderer. The geometry is the `.dzi`'s, as the manifest's `tiles`
// records it: levels from 1×1 up to the picture's own size, each half the next rounded up;
// tiles `tileSize` square, each repeating `overlap` pixels of its neighbours, at
// `<name>_files/<level>/<column>_<row>.<format>`.
import { make } from './dom.js';
import { siteURL } from './items.js';
import { clamp, isNumber } from './util.js';

const TILE_EXTENSIONS = new Map([
  ['jpeg', 'jpg'],
  ['webp', 'webp'],
  ['png', 'png'],
]);

export function hasDeepZoom(item) {
  const tiles = item.tiles;
  return Boolean(
    tiles &&
      tiles.layout === 'dz' &&
      tiles.container === 'fs' &&
      typeof tiles.path === 'string' &&
      /\.dzi$/.test(tiles.path) &&
      siteURL(tiles.path) &&
      isNumber(tiles.tileSize) &&
      tiles.tileSize > 0 &&
      isNumber(tiles.levels) &&
      tiles.levels > 0 &&
      TILE_EXTENSIONS.has(tiles.format) &&
      isNumber(item.width) &&
      isNumber(item.height),
  );
}

// Level `level`'s size: the picture halved (rounded up) once for each level below the top.
export function levelSize(item, level) {
  const factor = 2 ** (item.tiles.levels - 1 - level);
  return { width: Math.ceil(item.width / factor), height: Math.ceil(item.height / factor) };
}

// The level to draw at `width` CSS pixels: the first whose pixels cover the screen's.
export function levelFor(item, width, pixelRatio) {
  const wanted = width * pixelRatio;
  for (let level = 0; level < item.tiles.levels; level++) if (levelSize(item, level).width >= wanted) return level;
  return item.tiles.levels - 1;
}

// The tiles that a picture drawn in `box` shows in a page of `size`: their level, and their
// URLs with where each goes, in the page's pixels.
export function tilesInView(item, box, size, pixelRatio) {
  const tiles = item.tiles;
  const level = levelFor(item, box.width, pixelRatio);
  const levelPixels = levelSize(item, level);
  const scale = box.width / levelPixels.width;
  const step = tiles.tileSize;
  const overlap = tiles.overlap || 0;
  const base = `${siteURL(tiles.path.replace(/\.dzi$/, '_files'))}/${level}/`;
  const extension = TILE_EXTENSIONS.get(tiles.format);
  // The part of the level on screen, in the level's pixels.
  const left = clamp(-box.left / scale, 0, levelPixels.width);
  const right = clamp((size.width - box.left) / scale, 0, levelPixels.width);
  const top = clamp(-box.top / scale, 0, levelPixels.height);
  const bottom = clamp((size.height - box.top) / scale, 0, levelPixels.height);
  const wanted = new Map();
  if (right > left && bottom > top) {
    for (let row = Math.floor(top / step); row * step < bottom; row++) {
      for (let column = Math.floor(left / step); column * step < right; column++) {
        const x = column * step - (column ? overlap : 0);
        const y = row * step - (row ? overlap : 0);
        const width = Math.min(levelPixels.width, (column + 1) * step + overlap) - x;
        const height = Math.min(levelPixels.height, (row + 1) * step + overlap) - y;
        wanted.set(`${base}${column}_${row}.${extension}`, {
          left: box.left + x * scale,
          top: box.top + y * scale,
          width: width * scale,
          height: height * scale,
        });
      }
    }
  }
  return { level, wanted };
}

// The display rendition's width: the largest rendition the page can show (0 without one).
export function displayWidth(item) {
  let width = 0;
  for (const rendition of Array.isArray(item.renditions) ? item.renditions : []) {
    if (rendition && isNumber(rendition.width) && siteURL(rendition.path)) width = Math.max(width, rendition.width);
  }
  return width;
}

// Tiles are wanted only once the picture, drawn `width` CSS pixels wide, shows more of the
// screen's pixels than its display rendition has: until then they would add nothing to it.
export function needsTiles(item, width, pixelRatio) {
  return width * pixelRatio > displayWidth(item);
}

// Draws the tiles of the right level that the page shows, over the rendition (which stays
// below as the backdrop while they load); tiles no longer shown are removed.
export function drawTiles(page, box, size) {
  const layer = page.tiles;
  const pixelRatio = window.devicePixelRatio || 1;
  if (page.slot !== 0 || !needsTiles(page.item, box.width, pixelRatio)) {
    layer.textContent = '';
    layer.removeAttribute('data-level');
    page.drawn = new Map();
    return;
  }
  const { level, wanted } = tilesInView(page.item, box, size, pixelRatio);
  const drawn = page.drawn || new Map();
  for (const [url, tile] of drawn) {
    if (wanted.has(url)) continue;
    tile.remove();
    drawn.delete(url);
  }
  for (const [url, place] of wanted) {
    let tile = drawn.get(url);
    if (!tile) {
      tile = make('img', null, layer);
      tile.alt = '';
      tile.draggable = false;
      tile.decoding = 'async';
      tile.src = url;
      drawn.set(url, tile);
    }
    tile.style.left = `${place.left}px`;
    tile.style.top = `${place.top}px`;
    tile.style.width = `${place.width}px`;
    tile.style.height = `${place.height}px`;
  }
  page.drawn = drawn;
  layer.setAttribute('data-level', String(level));
}
