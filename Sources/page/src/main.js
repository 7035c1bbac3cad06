// The gallery page's script: our own, with no framework. It never evaluates text (no `eval`, no
// `Function`, no string timers), sets no inline event handler and builds no `javascript:` URL;
// it reads the gallery from the data pieces beside the page and asks for nothing outside the site.
// The data pieces' callback, `vitrinePiece`, is the one name it sets on `window`.
import { layoutGrid, queueRender, say } from './grid.js';
import { siteURL } from './items.js';
import { followHistory, route } from './navigation.js';
import { createPieces, scriptLoader } from './pieces.js';
import './pointer.js';
import { state } from './state.js';
import { isNumber } from './util.js';
import { resizeViewer, viewer } from './viewer.js';

// The gallery's settings as data/index.js gives them, with defaults for what it leaves out;
// false when it holds no album.
export function applyIndex(index) {
  if (!index || !Array.isArray(index.albums) || !index.albums.length) return false;
  state.gallery = index;
  state.albumsByID = Object.create(null);
  for (const album of index.albums) {
    if (!Array.isArray(album.children)) album.children = [];
    album.count = isNumber(album.count) ? album.count : 0;
    state.albumsByID[album.id] = album;
  }
  if (!state.albumsByID['']) state.albumsByID[''] = index.albums[0];
  state.cyclic = index.cyclic === true;
  state.vertical = index.direction === 'vertical';
  state.gap = isNumber(index.gap) && index.gap >= 0 ? index.gap : 30;
  if (!isNumber(index.chunkSize) || index.chunkSize < 1) index.chunkSize = 500;
  if (!isNumber(index.buckets) || index.buckets < 1) index.buckets = 256;
  return true;
}

function start(index) {
  if (applyIndex(index)) {
    document.documentElement.style.setProperty('--gap', `${state.gap}px`);
    if (state.vertical) viewer.classList.add('vertical');
    route();
  } else {
    say('The gallery\u2019s data (data/index.js) could not be read.');
  }
  document.documentElement.setAttribute('data-vitrine-ready', 'true');
}

state.pieces = createPieces(scriptLoader(siteURL));
window.vitrinePiece = state.pieces.receive;
window.addEventListener('resize', () => {
  layoutGrid();
  queueRender();
  resizeViewer();
});
followHistory();
state.pieces.load('data/index.js', start);
