/// The gallery page's script: zoom (scales relative to the fitted picture, as the manifest's
/// `zoom` gives them), the picture's layout, and the gestures: swipe, pan, pinch, wheel,
/// double click and double tap.
extension PageScript {
    static let zoom = #"""
// The picture's scale when fitted: inside the page, never enlarged unless aboveOriginal.
function fitScale(item) {
  var scale = Math.min(viewSize.width / (item.width || 1), viewSize.height / (item.height || 1));
  return item.zoom && item.zoom.aboveOriginal === true ? scale : Math.min(1, scale);
}

// The picture's fitted scale in the screen the manifest's zoom was computed for (--viewport).
function viewportFitScale(item) {
  var size = Array.isArray(gallery.viewport) && gallery.viewport.length === 2 ? gallery.viewport : [1920, 1080];
  var scale = Math.min(size[0] / (item.width || 1), size[1] / (item.height || 1));
  return item.zoom && item.zoom.aboveOriginal === true ? scale : Math.min(1, scale);
}

// The zoom range of an item in this window: the manifest's (its maximum scaled from the
// manifest's viewport to this window), never past 1:1 on screen unless aboveOriginal; a
// double tap's scale inside it (null: double taps do nothing).
function zoomRange(item) {
  if (item.kind === 'video') return { min: 1, max: 1, tap: null };
  var zoom = item.zoom && typeof item.zoom === 'object' ? item.zoom : {};
  var oneToOne = Math.max(1, 1 / fitScale(item));
  var min = isNumber(zoom.minScale) ? clamp(zoom.minScale, 0.05, 1) : 1;
  // The manifest's cap was computed for its viewport: the same picture pixels on screen here.
  var max = isNumber(zoom.maxScale) ? zoom.maxScale * viewportFitScale(item) / fitScale(item) : oneToOne;
  if (zoom.aboveOriginal !== true) max = Math.min(max, oneToOne);
  max = Math.max(max, 1);
  var tap = zoom.doubleTap === 'none' ? null : isNumber(zoom.doubleTapScale) ? zoom.doubleTapScale : Math.min(2, max);
  if (tap !== null) tap = clamp(tap, min, max);
  return { min: min, max: max, tap: tap !== null && Math.abs(tap - 1) > 1e-3 ? tap : null };
}

// Puts the picture (and its tiles) where the page's view says: centred when smaller than the
// page, its edges kept at the page's edges when larger. Sizes, not transforms: what is drawn
// is drawn at its size, sharp.
function layoutPage(page) {
  if (page.slot !== 0) page.view = { scale: 1, x: 0, y: 0 };
  var item = page.item, view = page.view;
  var width = (item.width || 1) * fitScale(item) * view.scale, height = (item.height || 1) * fitScale(item) * view.scale;
  var roomX = Math.max(0, (width - viewSize.width) / 2), roomY = Math.max(0, (height - viewSize.height) / 2);
  view.x = clamp(view.x, -roomX, roomX);
  view.y = clamp(view.y, -roomY, roomY);
  var box = { left: (viewSize.width - width) / 2 + view.x, top: (viewSize.height - height) / 2 + view.y, width: width, height: height };
  [page.placeholder, page.picture, page.video, page.motion].forEach(function (element) {
    if (!element) return;
    element.style.left = box.left + 'px';
    element.style.top = box.top + 'px';
    element.style.width = box.width + 'px';
    element.style.height = box.height + 'px';
  });
  if (page.picture) page.picture.sizes = Math.ceil(width) + 'px';
  if (page.tiles) drawTiles(page, box);
  page.element.classList.toggle('zoomed', view.scale > zoomRange(item).min + 1e-3);
}

// Zooms to `scale`, keeping the point under (clientX, clientY) where it is.
function zoomTo(page, scale, clientX, clientY) {
  if (!page) return;
  var range = zoomRange(page.item), view = page.view;
  var target = clamp(scale, range.min, range.max);
  var rect = page.element.getBoundingClientRect();
  var px = (isNumber(clientX) ? clientX - rect.left : viewSize.width / 2) - viewSize.width / 2;
  var py = (isNumber(clientY) ? clientY - rect.top : viewSize.height / 2) - viewSize.height / 2;
  var factor = target / view.scale;
  view.x = px - (px - view.x) * factor;
  view.y = py - (py - view.y) * factor;
  view.scale = target;
  layoutPage(page);
}

// A double click or tap: fitted to the double-tap scale, and back.
function toggleZoom(page, clientX, clientY) {
  if (!page) return;
  var range = zoomRange(page.item);
  if (range.tap === null && page.view.scale <= 1 + 1e-3) return;
  if (Math.abs(page.view.scale - 1) > 1e-3) zoomTo(page, 1, clientX, clientY);
  else zoomTo(page, range.tap, clientX, clientY);
}

function zoomToward(page, direction) {
  if (!page) return;
  var range = zoomRange(page.item);
  zoomTo(page, direction === 'in' ? (range.tap || range.max) : 1);
}

// Gestures on the viewer: one pointer swipes between pages (or pans a zoomed picture), two
// pinch; a quick second tap zooms.
var pointers = {}, gesture = null, lastTap = null;

function pointerList() { return Object.keys(pointers).map(function (key) { return pointers[key]; }); }

function ignoresGestures(target) { return !!(target && target.closest && target.closest('button, a, video, figcaption')); }

viewer.addEventListener('pointerdown', function (event) {
  if (event.button !== 0 || ignoresGestures(event.target)) return;
  var page = currentPage();
  if (!page) return;
  pointers[event.pointerId] = { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY };
  if (viewer.setPointerCapture) try { viewer.setPointerCapture(event.pointerId); } catch (error) { /* a synthetic pointer */ }
  var list = pointerList();
  if (list.length === 2) {
    var a = list[0], b = list[1];
    gesture = { kind: 'pinch', page: page, distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, scale: page.view.scale };
  } else if (list.length === 1) {
    var zoomed = page.view.scale > zoomRange(page.item).min + 1e-3;
    gesture = { kind: zoomed ? 'pan' : 'swipe', page: page, x: page.view.x, y: page.view.y, moved: 0 };
  }
});

viewer.addEventListener('pointermove', function (event) {
  var pointer = pointers[event.pointerId];
  if (!pointer || !gesture) return;
  pointer.x = event.clientX;
  pointer.y = event.clientY;
  var dx = pointer.x - pointer.startX, dy = pointer.y - pointer.startY;
  gesture.moved = Math.max(gesture.moved || 0, Math.hypot(dx, dy));
  if (gesture.kind === 'pinch') {
    var list = pointerList();
    if (list.length < 2) return;
    var distance = Math.hypot(list[0].x - list[1].x, list[0].y - list[1].y);
    zoomTo(gesture.page, gesture.scale * distance / gesture.distance, (list[0].x + list[1].x) / 2, (list[0].y + list[1].y) / 2);
  } else if (gesture.kind === 'pan') {
    gesture.page.view.x = gesture.x + dx;
    gesture.page.view.y = gesture.y + dy;
    layoutPage(gesture.page);
  } else {
    var along = vertical ? dy : dx;
    var edge = stepFrom(current, along < 0 ? 1 : -1, count) === null;
    setStrip(edge ? along / 3 : along, false);  // resistance where there is nothing to go to
  }
});

function endPointer(event) {
  var pointer = pointers[event.pointerId];
  if (!pointer) return;
  delete pointers[event.pointerId];
  if (!gesture) return;
  var finished = gesture;
  if (finished.kind === 'pinch') {
    gesture = null;
    return;
  }
  gesture = null;
  var dx = pointer.x - pointer.startX, dy = pointer.y - pointer.startY;
  if (finished.kind === 'swipe') {
    var along = vertical ? dy : dx;
    if (Math.abs(along) > Math.min(80, (vertical ? viewSize.height : viewSize.width) * 0.15)) go(along < 0 ? 1 : -1);
    else setStrip(0, true);
  }
  // A tap: two within 300 ms and 30 px zoom (the mouse has dblclick).
  if (event.pointerType !== 'mouse' && finished.moved < 10 && event.type === 'pointerup') {
    var now = Date.now();
    if (lastTap && now - lastTap.time < 300 && Math.hypot(event.clientX - lastTap.x, event.clientY - lastTap.y) < 30) {
      toggleZoom(finished.page, event.clientX, event.clientY);
      lastTap = null;
    } else {
      lastTap = { time: now, x: event.clientX, y: event.clientY };
    }
  }
}
viewer.addEventListener('pointerup', endPointer);
viewer.addEventListener('pointercancel', endPointer);

viewer.addEventListener('dblclick', function (event) {
  if (ignoresGestures(event.target)) return;
  event.preventDefault();
  toggleZoom(currentPage(), event.clientX, event.clientY);
});

viewer.addEventListener('wheel', function (event) {
  var page = currentPage();
  if (!page || ignoresGestures(event.target)) return;
  event.preventDefault();
  var delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
  zoomTo(page, page.view.scale * Math.exp(-delta * 0.0025), event.clientX, event.clientY);
}, { passive: false });

"""#
}
