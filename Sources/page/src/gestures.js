// The viewer's gestures, recognised from pointer events ({ type, pointerId, pointerType,
// clientX, clientY, timeStamp }) with no document: one pointer swipes between pages (or pans a
// zoomed picture), two pinch, and a quick second tap of a finger or pen zooms (the mouse has
// dblclick, which the browser also sends after a double tap: that one is ignored, or the picture
// would zoom back out). What the viewer should do comes back as actions.

// Two taps within this many milliseconds and pixels are a double tap.
export const DOUBLE_TAP_INTERVAL = 300;
export const DOUBLE_TAP_DISTANCE = 30;
// A pointer that moved less than this many pixels tapped.
export const TAP_SLOP = 10;
// A swipe steps when it went this far, or this share of the page if that is less.
export const SWIPE_DISTANCE = 80;
export const SWIPE_SHARE = 0.15;

export function createGestures() {
  const pointers = new Map();
  let gesture = null;
  let lastTap = null;
  // The type of the pointer that last went down: a dblclick after a finger's or pen's taps is theirs.
  let lastPointerType = null;

  // A pointer goes down on the page whose view is `view` ({ scale, x, y }), zoomed or not.
  function down(event, view, zoomed) {
    lastPointerType = event.pointerType;
    const { clientX: x, clientY: y } = event;
    pointers.set(event.pointerId, { x, y, startX: x, startY: y });
    const list = [...pointers.values()];
    if (list.length === 2) {
      const distance = Math.hypot(list[0].x - list[1].x, list[0].y - list[1].y) || 1;
      gesture = { kind: 'pinch', distance, scale: view.scale, moved: 0 };
    } else if (list.length === 1) {
      gesture = { kind: zoomed ? 'pan' : 'swipe', x: view.x, y: view.y, moved: 0 };
    }
    return gesture ? gesture.kind : null;
  }

  // A pointer moves: { kind: 'pinch', scale, x, y } (the scale about the fingers' midpoint),
  // { kind: 'pan', x, y } (the view's new offset), { kind: 'drag', along } (the strip's), or null.
  function move(event, vertical) {
    const pointer = pointers.get(event.pointerId);
    if (!pointer || !gesture) return null;
    pointer.x = event.clientX;
    pointer.y = event.clientY;
    const dx = pointer.x - pointer.startX;
    const dy = pointer.y - pointer.startY;
    gesture.moved = Math.max(gesture.moved, Math.hypot(dx, dy));
    if (gesture.kind === 'pinch') {
      const list = [...pointers.values()];
      if (list.length < 2) return null;
      const distance = Math.hypot(list[0].x - list[1].x, list[0].y - list[1].y);
      const scale = (gesture.scale * distance) / gesture.distance;
      return { kind: 'pinch', scale, x: (list[0].x + list[1].x) / 2, y: (list[0].y + list[1].y) / 2 };
    }
    if (gesture.kind === 'pan') return { kind: 'pan', x: gesture.x + dx, y: gesture.y + dy };
    return { kind: 'drag', along: vertical ? dy : dx };
  }

  // A pointer goes up (or is cancelled): a list of { kind: 'step', delta }, { kind: 'settle' }
  // (the strip goes back) and { kind: 'doubleTap', x, y }. `extent` is the page's size along the strip.
  function up(event, vertical, extent) {
    const pointer = pointers.get(event.pointerId);
    if (!pointer) return [];
    pointers.delete(event.pointerId);
    if (!gesture) return [];
    const finished = gesture;
    gesture = null;
    if (finished.kind === 'pinch') return [];
    const actions = [];
    if (finished.kind === 'swipe') {
      const along = vertical ? pointer.y - pointer.startY : pointer.x - pointer.startX;
      if (Math.abs(along) > Math.min(SWIPE_DISTANCE, extent * SWIPE_SHARE)) actions.push({ kind: 'step', delta: along < 0 ? 1 : -1 });
      else actions.push({ kind: 'settle' });
    }
    if (event.pointerType !== 'mouse' && finished.moved < TAP_SLOP && event.type === 'pointerup') {
      const { clientX: x, clientY: y, timeStamp: time } = event;
      if (lastTap && time - lastTap.time < DOUBLE_TAP_INTERVAL && Math.hypot(x - lastTap.x, y - lastTap.y) < DOUBLE_TAP_DISTANCE) {
        actions.push({ kind: 'doubleTap', x, y });
        lastTap = null;
      } else {
        lastTap = { time, x, y };
      }
    }
    return actions;
  }

  // A dblclick: [{ kind: 'doubleTap', x, y }] when a mouse made it; [] after a finger's or pen's
  // taps, whose double tap up() gave already.
  function doubleClick(event) {
    if (lastPointerType === 'touch' || lastPointerType === 'pen') return [];
    return [{ kind: 'doubleTap', x: event.clientX, y: event.clientY }];
  }

  return { down, move, up, doubleClick };
}
