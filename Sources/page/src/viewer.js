// The viewer, over one album's items. Pages sit on a strip, the gap between them, across
// (horizontal) or down (vertical); only the current page and its neighbours exist, their chunk
// loaded when a step reaches it.
import { renderCaption } from './captions.js';
import { ensureItems, itemAt, stepFrom } from './data.js';
import { byId, make } from './dom.js';
import { cellAt } from './grid.js';
import { infoShown, showInfo } from './info.js';
import { counterText, describe, renditionSet } from './items.js';
import { activatePage, retirePage } from './media.js';
import { itemShown, leaveViewer } from './navigation.js';
import { layoutPage, zoomToward } from './stage.js';
import { state } from './state.js';
import { placeholderImage } from './thumbhash.js';
import { hasDeepZoom } from './tiles.js';

export const viewer = byId('viewer');
const strip = viewer.querySelector('.strip');
const counter = viewer.querySelector('.counter');
const closeButton = viewer.querySelector('.close');
const prevButton = viewer.querySelector('.prev');
const nextButton = viewer.querySelector('.next');
// How far ahead of a step its chunk is asked for.
const LOOK_AHEAD = 8;

export function isViewerOpen() {
  return !viewer.hidden;
}

function dropPages() {
  for (const page of state.pages) {
    retirePage(page);
    page.element.remove();
  }
  state.pages = [];
}

// Opens item `position` of `album` (loaded); `from`, the cell it was opened from, gets the
// focus back when the viewer closes.
export function openViewer(album, position, from) {
  state.viewerAlbum = album;
  state.count = album.count;
  state.openerPosition = from ? position : null;
  viewer.hidden = false;
  document.body.classList.add('viewing');
  measureViewer();
  dropPages();
  show(position, 0);
  viewer.focus();
}

// Closes the viewer; the focus goes back to the cell it was opened from, or (opened by a link)
// to the cell of the item shown, scrolled to.
export function closeViewer() {
  if (viewer.hidden) return;
  const last = state.current;
  viewer.hidden = true;
  document.body.classList.remove('viewing');
  dropPages();
  state.current = -1;
  showInfo(false);
  if (state.viewerAlbum === state.shownAlbum && last >= 0) {
    const cell = cellAt(state.openerPosition !== null ? state.openerPosition : last);
    if (cell) cell.focus({ preventScroll: state.openerPosition !== null });
  }
}

export function measureViewer() {
  state.viewSize = { width: viewer.clientWidth || window.innerWidth, height: viewer.clientHeight || window.innerHeight };
}

function pageStep() {
  return (state.vertical ? state.viewSize.height : state.viewSize.width) + state.gap;
}

function translation(offset) {
  return state.vertical ? `translate3d(0,${offset}px,0)` : `translate3d(${offset}px,0,0)`;
}

export function setStrip(offset, animated) {
  strip.classList.toggle('moving', Boolean(animated));
  strip.style.transform = translation(offset);
}

// Shows item `index` once it and its neighbours are loaded; `delta` (the step taken, -1 or 1)
// slides the strip in from that side.
function show(index, delta) {
  const album = state.viewerAlbum;
  const count = state.count;
  ensureItems(album, [stepFrom(index, -1, count), index, stepFrom(index, 1, count)], () => {
    if (album === state.viewerAlbum && !viewer.hidden) showLoaded(index, delta);
  });
  // The next chunk asked for before a step needs it.
  const ahead = stepFrom(index, LOOK_AHEAD * (delta || 1), count);
  if (ahead !== null) ensureItems(album, [ahead], () => {});
}

// A page already made for `position` and not yet kept (the last such).
function reusablePage(position, kept) {
  for (let i = state.pages.length - 1; i >= 0; i--) {
    const page = state.pages[i];
    if (page.index === position && !kept.includes(page)) return page;
  }
  return null;
}

function showLoaded(index, delta) {
  const count = state.count;
  let wanted = [
    [-1, stepFrom(index, -1, count)],
    [0, index],
    [1, stepFrom(index, 1, count)],
  ];
  if (count === 1 || (count === 2 && state.cyclic)) wanted = [[0, index]].concat(count === 2 ? [[1, stepFrom(index, 1, count)]] : []);
  const kept = [];
  for (const [slot, position] of wanted) {
    if (position === null) continue;
    const page = reusablePage(position, kept) || makePage(position);
    page.slot = slot;
    kept.push(page);
  }
  for (const page of state.pages) {
    if (kept.includes(page)) continue;
    retirePage(page);
    page.element.remove();
  }
  state.pages = kept;
  state.current = index;
  for (const page of kept) {
    placePage(page);
    activatePage(page, page.slot === 0);
  }
  const item = itemAt(state.viewerAlbum, index);
  counter.textContent = counterText(item, index, count);
  prevButton.disabled = stepFrom(index, -1, count) === null;
  nextButton.disabled = stepFrom(index, 1, count) === null;
  itemShown(item);
  if (delta) {
    setStrip(delta * pageStep(), false);
    // Read the layout so that the slide starts from there.
    strip.getBoundingClientRect();
    setStrip(0, true);
  } else {
    setStrip(0, false);
  }
}

// A step of `delta`; false (the strip settling back) past an end.
export function go(delta) {
  const target = state.current < 0 ? null : stepFrom(state.current, delta, state.count);
  if (target === null) {
    setStrip(0, true);
    return false;
  }
  show(target, delta);
  return true;
}

function placePage(page) {
  page.element.style.width = `${state.viewSize.width}px`;
  page.element.style.height = `${state.viewSize.height}px`;
  page.element.style.transform = translation(page.slot * pageStep());
  page.element.setAttribute('data-slot', String(page.slot));
  page.element.setAttribute('aria-hidden', page.slot === 0 ? 'false' : 'true');
  layoutPage(page);
}

function makePage(index) {
  const item = itemAt(state.viewerAlbum, index);
  const element = make('figure', 'page', strip);
  element.setAttribute('data-index', String(index));
  const stage = make('div', 'stage', element);
  const page = { index, item, element, stage, slot: 0, view: { scale: 1, x: 0, y: 0 }, picture: null, video: null, tiles: null };
  const placeholder = placeholderImage(item, 'placeholder');
  if (placeholder) {
    stage.appendChild(placeholder);
    page.placeholder = placeholder;
  }
  const set = renditionSet(item);
  if (set) {
    const picture = make('img', 'picture', stage);
    picture.alt = describe(item);
    picture.decoding = 'async';
    picture.draggable = false;
    picture.sizes = '100vw';
    picture.srcset = set.srcset;
    picture.src = set.largest;
    page.picture = picture;
  }
  if (hasDeepZoom(item)) page.tiles = make('div', 'tiles', stage);
  const caption = make('figcaption', null, element);
  if (typeof item.title === 'string' && item.title) make('h2', null, caption).textContent = item.title;
  renderCaption(item.caption, caption);
  return page;
}

export function currentPage() {
  return state.pages.find((page) => page.slot === 0) || null;
}

prevButton.addEventListener('click', () => go(-1));
nextButton.addEventListener('click', () => go(1));
closeButton.addEventListener('click', leaveViewer);

// The viewer's keys; true when the key was the viewer's.
function handleKey(event) {
  const inVideo = event.target && event.target.tagName === 'VIDEO';
  switch (event.key) {
    case 'Escape':
      if (infoShown()) showInfo(false);
      else leaveViewer();
      return true;
    case 'i':
    case 'I':
      showInfo(!infoShown());
      return true;
    case 'ArrowRight':
    case 'ArrowDown':
    case 'PageDown':
      if (inVideo) return false;
      go(1);
      return true;
    case 'ArrowLeft':
    case 'ArrowUp':
    case 'PageUp':
      if (inVideo) return false;
      go(-1);
      return true;
    case '+':
    case '=':
      zoomToward(currentPage(), 'in');
      return true;
    case '-':
      zoomToward(currentPage(), 'out');
      return true;
    default:
      return false;
  }
}

document.addEventListener('keydown', (event) => {
  if (viewer.hidden || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === 'Tab') keepFocusInside(event);
  else if (handleKey(event)) event.preventDefault();
});

// A modal dialog: Tab goes round the viewer's own controls.
function keepFocusInside(event) {
  const focusable = [...viewer.querySelectorAll('button, a[href], video[controls]')].filter(
    (element) => !element.disabled && element.getClientRects().length && !element.closest('[aria-hidden="true"]'),
  );
  if (!focusable.length) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && (document.activeElement === first || document.activeElement === viewer)) {
    last.focus();
    event.preventDefault();
  } else if (!event.shiftKey && document.activeElement === last) {
    first.focus();
    event.preventDefault();
  }
}

// The viewer's pages follow a new window size (the grid follows it too).
export function resizeViewer() {
  if (viewer.hidden) return;
  measureViewer();
  for (const page of state.pages) placePage(page);
}
