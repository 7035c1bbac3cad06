// The gallery page's script: our own, with no framework. It never evaluates text (no `eval`, no
// `Function`, no string timers), sets no inline event handler and builds no `javascript:` URL;
// it reads the gallery from the data pieces beside the page and asks for nothing outside the site.
// The data pieces' callback, `vitrinePiece`, is the one name it sets on `window`.
import { layoutGrid, queueRender, say } from './grid.js';
import { siteURL } from './items.js';
import { followHistory, route } from './navigation.js';
import { createPieces, piecesAtOnce, scriptLoader } from './pieces.js';
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

const protocol = performance.getEntriesByType?.('navigation')[0]?.nextHopProtocol;
state.pieces = createPieces(scriptLoader(siteURL), piecesAtOnce(protocol));
window.vitrinePiece = state.pieces.receive;
window.addEventListener('resize', () => {
  layoutGrid();
  queueRender();
  resizeViewer();
});
followHistory();
state.pieces.load('data/index.js', start);
