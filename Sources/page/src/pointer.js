// The viewer's pointers, wheel and double clicks, applied to the current page: what
// gestures.js recognises becomes strip moves, steps, pans and zooms.
import { stepFrom } from './data.js';
import { createGestures } from './gestures.js';
import { layoutPage, rangeOf, toggleZoom, zoomTo } from './stage.js';
import { state } from './state.js';
import { currentPage, go, setStrip, viewer } from './viewer.js';
import { isZoomed } from './zoom.js';

// How much a drag past the album's end moves the strip: resistance where there is nothing to go to.
const EDGE_RESISTANCE = 3;
// The wheel's zoom: the scale's factor per pixel of wheel delta, and a line's pixels.
const WHEEL_RATE = 0.0025;
const WHEEL_LINE = 16;

const gestures = createGestures();
let gesturePage = null;

function ignoresGestures(target) {
  return Boolean(target?.closest?.('button, a, video, figcaption'));
}

function extent() {
  return state.vertical ? state.viewSize.height : state.viewSize.width;
}

viewer.addEventListener('pointerdown', (event) => {
  if (event.button !== 0 || ignoresGestures(event.target)) return;
  const page = currentPage();
  if (!page) return;
  gestures.down(event, page.view, isZoomed(page.view, rangeOf(page.item)));
  gesturePage = page;
  try {
    viewer.setPointerCapture(event.pointerId);
  } catch {
    // A synthetic pointer cannot be captured.
  }
});

viewer.addEventListener('pointermove', (event) => {
  const action = gestures.move(event, state.vertical);
  if (!action || !gesturePage) return;
  if (action.kind === 'pinch') {
    zoomTo(gesturePage, action.scale, action.x, action.y);
  } else if (action.kind === 'pan') {
    gesturePage.view.x = action.x;
    gesturePage.view.y = action.y;
    layoutPage(gesturePage);
  } else {
    const edge = stepFrom(state.current, action.along < 0 ? 1 : -1, state.count) === null;
    setStrip(edge ? action.along / EDGE_RESISTANCE : action.along, false);
  }
});

function endPointer(event) {
  const page = gesturePage;
  for (const action of gestures.up(event, state.vertical, extent())) {
    if (action.kind === 'step') go(action.delta);
    else if (action.kind === 'settle') setStrip(0, true);
    else if (action.kind === 'doubleTap') toggleZoom(page, action.x, action.y);
  }
}
viewer.addEventListener('pointerup', endPointer);
viewer.addEventListener('pointercancel', endPointer);

// The mouse's double click (a finger's or pen's double tap is up()'s, above).
viewer.addEventListener('dblclick', (event) => {
  if (ignoresGestures(event.target)) return;
  event.preventDefault();
  for (const action of gestures.doubleClick(event)) toggleZoom(currentPage(), action.x, action.y);
});

viewer.addEventListener(
  'wheel',
  (event) => {
    const page = currentPage();
    if (!page || ignoresGestures(event.target)) return;
    event.preventDefault();
    const delta = event.deltaMode === 1 ? event.deltaY * WHEEL_LINE : event.deltaY;
    zoomTo(page, page.view.scale * Math.exp(-delta * WHEEL_RATE), event.clientX, event.clientY);
  },
  { passive: false },
);
