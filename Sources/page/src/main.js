// The gallery page's script: our own, with no framework. It never evaluates text (no `eval`, no
// `Function`, no string timers), sets no inline event handler and builds no `javascript:` URL;
// it reads the gallery from the data pieces beside the page and asks for nothing outside the site.
// The data pieces' callback, `vitrinePiece`, is the one name it sets on `window`.
import { layoutGrid, queueRender, say } from './grid.js';
import { siteURL } from './items.js';
import { followHistory, route } from './navigation.js';
import { createPieces, scriptLoader } from './pieces.js';
import './pointer.js';
import { applyIndex } from './settings.js';
import { state } from './state.js';
import { resizeViewer, viewer } from './viewer.js';

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

// Pieces asked for at a time: a little over what a browser sends one http/1.1 server at once, so
// that what a search typed over asked for waits behind few, while an http/2 server still gets
// a screen of results' records in two round trips.
const PIECES_AT_ONCE = 12;
state.pieces = createPieces(scriptLoader(siteURL), PIECES_AT_ONCE);
window.vitrinePiece = state.pieces.receive;
window.addEventListener('resize', () => {
  layoutGrid();
  queueRender();
  resizeViewer();
});
followHistory();
state.pieces.load('data/index.js', start);
