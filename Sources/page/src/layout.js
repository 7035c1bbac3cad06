// The grid's geometry, as the style sheet's grid would lay it out: square cells of at least
// `least` pixels, `gap` apart, in as many columns as fit. Only the rows near the viewport are drawn.

// Columns, the cell's side, and the list's height for `count` items in `width` pixels (inside
// its padding).
export function gridLayout({ count, width, least, gap, padLeft = 0, padTop = 0, padBottom = 0 }) {
  const inner = Math.max(1, width);
  const columns = Math.max(1, Math.floor((inner + gap) / (least + gap)));
  const side = (inner - (columns - 1) * gap) / columns;
  const rows = Math.ceil(count / columns);
  const height = rows ? padTop + padBottom + rows * side + (rows - 1) * gap : 0;
  return { columns, side, left: padLeft, top: padTop, rows, height };
}

// Where the cell of `position` goes, in the list's pixels.
export function cellPlace(layout, gap, position) {
  const column = position % layout.columns;
  const row = Math.floor(position / layout.columns);
  return { left: layout.left + column * (layout.side + gap), top: layout.top + row * (layout.side + gap), side: layout.side };
}

// The positions to draw: the rows within a screen above and two below the viewport, which
// shows the list from `scrolled` pixels (past its first row's top) for `screen` pixels.
export function visibleRange(layout, gap, count, scrolled, screen) {
  const rowHeight = layout.side + gap;
  const firstRow = Math.max(0, Math.floor((scrolled - screen) / rowHeight));
  const lastRow = Math.max(0, Math.floor((scrolled + 2 * screen) / rowHeight));
  const first = Math.min(count - 1, firstRow * layout.columns);
  const last = Math.min(count - 1, (lastRow + 1) * layout.columns - 1);
  return { first, last };
}

// The chunks (from 0) that hold positions `first` to `last`.
export function chunksOf(first, last, chunkSize) {
  const chunks = [];
  for (let chunk = Math.floor(first / chunkSize); chunk <= Math.floor(last / chunkSize); chunk++) chunks.push(chunk);
  return chunks;
}
