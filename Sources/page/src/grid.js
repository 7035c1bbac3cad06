// The album view (breadcrumbs, the album's title and description, its child albums as covers,
// then its items) and its grid, which is virtual: only the cells near the viewport exist,
// placed in a box as tall as the whole album, so that the scrollbar is the album's and a jump
// to its end draws only the rows shown (their chunk loaded then). The body's data-layout picks
// the geometry: square cells in columns (`grid`, layout.js) or rows of pictures in their own
// aspect ratios (`justified`, justified.js).
import { renderCaption } from './captions.js';
import { chunkSizeOf, ensureChunk, itemAt } from './data.js';
import { byId, make } from './dom.js';
import { aspectOf, cellLabel, countText, describe, renditionSet } from './items.js';
import {
  anchorAt,
  anchorShift,
  clampedAspect,
  DEFAULT_ASPECT_RANGE,
  justifiedLayout,
  justifiedPlace,
  justifiedRange,
} from './justified.js';
import { cellPlace, chunksOf, gridLayout, visibleRange } from './layout.js';
import { openItem } from './navigation.js';
import { albumChain, albumHash, albumLabel, documentTitle } from './routes.js';
import { state } from './state.js';
import { placeholderImage } from './thumbhash.js';
import { isNumber } from './util.js';

const crumbs = byId('breadcrumbs');
const albumTitle = byId('album-title');
const albumDescription = byId('album-description');
const albumList = byId('albums');
const grid = byId('grid');
const statusLine = byId('status');
// The cell's least side when the style sheet does not say (--cell).
const DEFAULT_CELL = 180;
// The justified rows' target height when the style sheet does not say (--row-height).
const DEFAULT_ROW_HEIGHT = 220;
// By position: { li, cell, image, item }.
let gridCells = new Map();
let layout = { columns: 1, side: DEFAULT_CELL, left: 16, top: 16 };

export function say(text) {
  statusLine.hidden = !text;
  statusLine.textContent = text || '';
}

export function showAlbum(album) {
  state.shownAlbum = album;
  const title = state.gallery.title;
  document.title = documentTitle(album, title);
  crumbs.textContent = '';
  const chain = albumChain(album, state.albumsByID);
  if (chain.length > 1) {
    const trail = make('ol', null, crumbs);
    chain.forEach((entry, index) => {
      const crumb = make('li', null, trail);
      if (index === chain.length - 1) {
        crumb.textContent = albumLabel(entry, title);
        crumb.setAttribute('aria-current', 'page');
      } else {
        const link = make('a', null, crumb);
        link.href = albumHash(entry);
        link.textContent = albumLabel(entry, title);
      }
    });
  }
  albumTitle.textContent = album.id ? albumLabel(album, title) : '';
  albumDescription.textContent = '';
  renderCaption(album.description, albumDescription);
  albumList.textContent = '';
  for (const id of album.children) if (state.albumsByID[id]) makeAlbumCover(state.albumsByID[id]);
  albumList.hidden = !album.children.length;
  for (const entry of gridCells.values()) entry.li.remove();
  gridCells = new Map();
  say(!album.count && !album.children.length ? album.emptyText || 'This gallery has no items.' : '');
  layoutGrid();
  renderGrid();
}

// An image that fades in over its placeholder once it has loaded.
function lazyImage(parent, set, alt, sizes) {
  const image = make('img', null, parent);
  image.alt = alt;
  image.loading = 'lazy';
  image.decoding = 'async';
  image.addEventListener('load', () => image.classList.add('loaded'));
  image.sizes = sizes;
  image.srcset = set.srcset;
  image.src = set.smallest;
  return image;
}

function makeAlbumCover(album) {
  const link = make('a', 'album-cover', make('li', null, albumList));
  link.href = albumHash(album);
  link.setAttribute('data-album', album.id);
  const frame = make('span', 'cover', link);
  const cover = album.cover;
  if (cover) {
    const placeholder = placeholderImage(cover, 'placeholder');
    if (placeholder) frame.appendChild(placeholder);
    const set = renditionSet(cover);
    if (set) lazyImage(frame, set, '', '240px');
  }
  make('span', 'album-name', link).textContent = albumLabel(album, state.gallery.title);
  make('span', 'album-count', link).textContent = countText(album.total);
}

const isJustified = () => document.body.dataset.layout === 'justified';

function cssPixels(name, fallback) {
  return Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue(name)) || fallback;
}

// Columns and the cell's side as the style sheet's grid would lay them out, or the justified
// rows; the list is as tall as every row of the album.
export function layoutGrid() {
  const album = state.shownAlbum;
  if (!album) return;
  const style = getComputedStyle(grid);
  const padLeft = Number.parseFloat(style.paddingLeft) || 0;
  const padRight = Number.parseFloat(style.paddingRight) || 0;
  const frame = {
    count: album.count,
    width: grid.clientWidth - padLeft - padRight,
    gap: state.gap,
    padLeft,
    padTop: Number.parseFloat(style.paddingTop) || 0,
    padBottom: Number.parseFloat(style.paddingBottom) || 0,
  };
  const page = document.documentElement;
  // A view at the end of the list (a jump to it) stays there, whatever the chunks' heights.
  const atEnd = isJustified() && window.scrollY > 0 && window.scrollY + window.innerHeight >= page.scrollHeight - 2;
  const shift = isJustified() ? layoutRows(album, frame) : 0;
  if (!isJustified()) layout = gridLayout({ ...frame, least: cssPixels('--cell', DEFAULT_CELL) });
  grid.style.height = `${layout.height}px`;
  for (const [position, entry] of gridCells) placeCell(entry, position);
  // Chunks that came (laid out, no longer estimated) moved the view: it is kept where it was.
  if (atEnd) window.scrollTo(0, page.scrollHeight);
  else if (shift) window.scrollBy(0, shift);
}

// The justified rows of `album` (its loaded chunks exact, the others estimated); what the view
// has to scroll by to stay on the chunk it showed.
function layoutRows(album, frame) {
  const scrolled = -grid.getBoundingClientRect().top - layout.top;
  const before = layout.album === album ? anchorAt(layout, scrolled) : null;
  const range = Array.isArray(state.gallery.aspectRange) ? state.gallery.aspectRange : DEFAULT_ASPECT_RANGE;
  const aspectsOf = (chunk) => {
    if (!album.chunksIn || !album.chunksIn.has(chunk)) return null;
    const start = chunk * chunkSizeOf(album);
    const end = Math.min(album.count, start + chunkSizeOf(album));
    const aspects = [];
    for (let position = start; position < end; position++) aspects.push(clampedAspect(itemAt(album, position), range));
    return aspects;
  };
  layout = justifiedLayout({
    ...frame,
    chunkSize: chunkSizeOf(album),
    sums: Array.isArray(album.aspects) ? album.aspects : [],
    aspectsOf,
    rowHeight: cssPixels('--row-height', DEFAULT_ROW_HEIGHT),
    cache: before ? layout.cache : new Map(),
  });
  layout.album = album;
  layout.chunksIn = album.chunksIn ? album.chunksIn.size : 0;
  return before && scrolled > 0 ? anchorShift(before, layout) : 0;
}

// Lays the justified rows out again when chunks came since they were.
function freshLayout() {
  const album = state.shownAlbum;
  if (album && isJustified() && layout.chunksIn !== (album.chunksIn ? album.chunksIn.size : 0)) layoutGrid();
}

function placeCell(entry, position) {
  const square = isJustified() ? null : cellPlace(layout, state.gap, position);
  const place = square ? { left: square.left, top: square.top, width: square.side, height: square.side } : justifiedPlace(layout, position);
  if (!place) return;
  entry.li.style.left = `${place.left}px`;
  entry.li.style.top = `${place.top}px`;
  entry.li.style.width = `${place.width}px`;
  entry.li.style.height = `${place.height}px`;
  // The width its picture is drawn at when it covers the cell, so that the browser takes the
  // rendition that fills it at the screen's pixel ratio.
  if (entry.image) entry.image.sizes = `${Math.ceil(Math.max(place.width, place.height * aspectOf(entry.item)))}px`;
}

let renderQueued = false;
export function queueRender() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => {
    renderQueued = false;
    renderGrid();
  });
}

// The cells of the rows within a screen of the viewport; the others go (but the one holding
// the focus). Rows whose chunk has not come are asked for and drawn when it does.
export function renderGrid() {
  const album = state.shownAlbum;
  if (!album || !album.count) return;
  freshLayout();
  const scrolled = -grid.getBoundingClientRect().top - layout.top;
  const screen = window.innerHeight || 800;
  const shown = isJustified() ? justifiedRange(layout, scrolled, screen) : visibleRange(layout, state.gap, album.count, scrolled, screen);
  const first = shown.first;
  const last = Math.min(shown.last, album.count - 1);
  for (const [position, entry] of gridCells) {
    if (position >= first && position <= last) continue;
    if (entry.li.contains(document.activeElement)) continue;
    entry.li.remove();
    gridCells.delete(position);
  }
  let waiting = false;
  for (let position = first; position <= last; position++) {
    if (gridCells.has(position)) continue;
    const item = isJustified() && !chunkIn(album, position) ? null : itemAt(album, position);
    if (item) gridCells.set(position, makeCell(album, position, item));
    else waiting = true;
  }
  if (!waiting) return;
  // Square cells are drawn as their items come; justified rows once their chunk is whole (their
  // layout is the chunk's).
  for (const chunk of chunksOf(first, last, chunkSizeOf(album))) ensureChunk(album, chunk, queueRender, isJustified() ? null : queueRender);
}

// Whether the chunk holding `position` has come whole (a search's results come in parts).
function chunkIn(album, position) {
  return !album.chunksIn || album.chunksIn.has(Math.floor(position / chunkSizeOf(album)));
}

// A badge over a cell, seen but not read (the cell's label says it).
function badge(cell, className, text) {
  const element = make('span', `badge ${className}`, cell);
  element.textContent = text;
  element.setAttribute('aria-hidden', 'true');
}

function makeCell(album, position, item) {
  const li = make('li', null, grid);
  const cell = make('button', 'cell', li);
  cell.type = 'button';
  cell.setAttribute('data-index', String(position));
  cell.setAttribute('aria-label', cellLabel(item));
  const placeholder = placeholderImage(item, 'placeholder');
  if (placeholder) cell.appendChild(placeholder);
  const set = renditionSet(item);
  const image = set ? lazyImage(cell, set, describe(item), '200px') : null;
  if (!set && !placeholder) make('span', 'missing', cell).textContent = describe(item) || item.name || '';
  if (typeof item.durationLabel === 'string') badge(cell, 'duration', item.durationLabel);
  // A still that moves says so before it is opened, as a photo library's grid does.
  if (item.motion) badge(cell, 'live', 'Live');
  if (isNumber(item.selection)) badge(cell, 'selection', String(item.selection));
  cell.addEventListener('click', () => openItem(album, position, cell));
  const entry = { li, cell, image, item };
  placeCell(entry, position);
  return entry;
}

// The cell of `position` in the album shown, made if need be (to give the focus back to).
export function cellAt(position) {
  freshLayout();
  let entry = gridCells.get(position);
  const item = state.shownAlbum ? itemAt(state.shownAlbum, position) : null;
  if (!entry && item) {
    entry = makeCell(state.shownAlbum, position, item);
    gridCells.set(position, entry);
  }
  return entry ? entry.cell : null;
}

window.addEventListener('scroll', queueRender, { passive: true });
