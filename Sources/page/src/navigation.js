// History and the views' URLs: opening an album or an item pushes a history entry; the viewer's
// steps replace its entry, so that Back leaves the viewer. Each entry keeps the scroll position
// its view was left at, which Back and Forward bring back.
import { ensureItems, findItem, itemAt } from './data.js';
import { renderGrid, say, showAlbum } from './grid.js';
import { fillInfo, infoShown } from './info.js';
import { albumHash, itemHash, parseRoute } from './routes.js';
import { leaveSearch, routeSearch } from './search-view.js';
import { state } from './state.js';
import { isNumber } from './util.js';
import { closeViewer, isViewerOpen, openViewer } from './viewer.js';

// The URL of the viewer on `id` in `album`: a search's results keep theirs (search-results.js).
function viewerHash(album, id) {
  return album && typeof album.itemHash === 'function' ? album.itemHash(id) : itemHash(id);
}

// The viewer shows `item`: its URL replaces the entry's (a step), the panel follows it.
export function itemShown(item) {
  state.shownItem = item;
  if (infoShown()) fillInfo(item);
  const hash = viewerHash(state.viewerAlbum, item.id);
  if (location.hash !== hash) history.replaceState(history.state, '', hash);
}

function rememberScroll() {
  const saved = history.state && typeof history.state === 'object' ? history.state : {};
  history.replaceState({ scroll: window.scrollY, fromAlbum: saved.fromAlbum === true }, '', location.href);
}

// A cell opens its item: a new entry, which Back leaves.
export function openItem(album, position, cell) {
  const item = itemAt(album, position);
  if (!item) return;
  rememberScroll();
  history.pushState({ scroll: window.scrollY, fromAlbum: true }, '', viewerHash(album, item.id));
  openViewer(album, position, cell);
}

// Escape and the close button: back to the album's entry when the viewer was opened from it,
// else (a link to the item) the album's view in place of the item's.
export function leaveViewer() {
  if (history.state && history.state.fromAlbum === true) {
    history.back();
    return;
  }
  const album = state.viewerAlbum;
  closeViewer();
  if (album) history.replaceState({ scroll: window.scrollY }, '', albumHash(album));
}

// A new view, `hash`: an entry of its own (the view left keeps its scroll position), or in
// place of this one (`replace`: a search as it is typed).
export function navigate(hash, replace) {
  if (replace) {
    history.replaceState({ scroll: 0 }, '', hash);
  } else {
    rememberScroll();
    history.pushState({ scroll: 0 }, '', hash);
  }
  route();
}

// Shows the view the URL names: `#/i/<id>`, `#/a/<id>`, `#/s/?…`, anything else the root album.
export function route() {
  const scroll = history.state && isNumber(history.state.scroll) ? history.state.scroll : null;
  const wanted = parseRoute(location.hash);
  const root = state.albumsByID[''];
  if (wanted.kind === 'search') {
    routeSearch(wanted.params, scroll, showView);
    return;
  }
  leaveSearch();
  if (wanted.kind === 'item') {
    const id = wanted.id;
    if (isViewerOpen() && state.shownItem && state.shownItem.id === id) return;
    findItem(id, (album, position) => {
      if (!album) {
        closeViewer();
        showView(root, null);
        say(`No item ${id} in this gallery.`);
        return;
      }
      showView(album, scroll);
      ensureItems(album, [position], () => openViewer(album, position, null));
    });
    return;
  }
  closeViewer();
  const album = state.albumsByID[wanted.id];
  showView(album || root, scroll);
  if (!album) say(`No album ${wanted.id} in this gallery.`);
}

// Shows `album` (an album, or a search's results) scrolled to `scroll` (null: the top).
function showView(album, scroll) {
  if (album !== state.shownAlbum) showAlbum(album);
  window.scrollTo(0, scroll === null ? 0 : scroll);
  renderGrid();
}

// Starts following the URL: links to albums (covers, breadcrumbs) keep the scroll position of
// the view they leave; Back and Forward show their entry's view.
export function followHistory() {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  document.addEventListener('click', (event) => {
    const link = event.target?.closest ? event.target.closest('a[href^="#/"]') : null;
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    rememberScroll();
    history.pushState({ scroll: 0 }, '', link.getAttribute('href'));
    route();
  });
  window.addEventListener('popstate', route);
}
