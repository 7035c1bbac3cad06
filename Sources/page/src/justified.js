// The justified layout's geometry: rows of equal height, each picture in its own aspect ratio
// (width / height, clamped to the index's aspectRange), as photo sites lay them out. Rows
// restart at each data chunk, so that a chunk is laid out from its own items alone; a chunk not
// loaded yet is given the height its summed aspects (the index's `aspects`) promise, so that the
// list is as tall as the album and a jump anywhere needs only the chunks it shows.

// The caps when the index names none, and the aspect of an item without dimensions (square).
export const DEFAULT_ASPECT_RANGE = [0.5, 3];
const UNKNOWN_ASPECT = 1;
// No row is taller than this many targets (nor, but for a picture alone wider than the list,
// shorter than the target over it): a row that would be is left short of the list's width.
const TALLEST_ROW = 1.5;

// An item's width / height within `range`.
export function clampedAspect(item, range = DEFAULT_ASPECT_RANGE) {
  const ratio = item && item.width > 0 && item.height > 0 ? item.width / item.height : UNKNOWN_ASPECT;
  return Math.min(range[1], Math.max(range[0], ratio));
}

// The height of a row of pictures whose aspects sum to `sum`, `count` of them, filling `width`.
function fittedHeight(sum, count, width, gap) {
  return Math.max(0, width - (count - 1) * gap) / sum;
}

// One chunk's rows: [{ start, count, top, height }], `start` counted from the chunk's first
// item, `top` from its first row's. A row takes pictures at the target height until one more
// overfills it, then is scaled to fill `width` exactly (unless that makes it too tall); the last
// row keeps the target height (or less, if its pictures would overfill it) and is not stretched.
export function chunkRows(aspects, { width, rowHeight, gap }) {
  const rows = [];
  let top = 0;
  const close = (start, count, height) => {
    rows.push({ start, count, top, height });
    top += height + gap;
  };
  let start = 0;
  let sum = 0;
  for (let index = 0; index < aspects.length; index++) {
    const aspect = aspects[index];
    const count = index - start + 1;
    const height = fittedHeight(sum + aspect, count, width, gap);
    if (height > rowHeight) {
      sum += aspect;
      continue;
    }
    // This picture overfills the row: close the row with it, or before it (then no taller than
    // TALLEST_ROW targets) when that is nearer the target, by ratio.
    const without = count > 1 ? Math.min(rowHeight * TALLEST_ROW, fittedHeight(sum, count - 1, width, gap)) : Number.POSITIVE_INFINITY;
    if (without / rowHeight < rowHeight / height) {
      close(start, count - 1, without);
      start = index;
      sum = aspect;
      continue;
    }
    close(start, count, height);
    start = index + 1;
    sum = 0;
  }
  if (start < aspects.length)
    close(start, aspects.length - start, Math.min(rowHeight, fittedHeight(sum, aspects.length - start, width, gap)));
  return rows;
}

// The height of the rows of `count` pictures whose aspects sum to `sum`, before they are
// loaded: at the target height the pictures and their gaps are `sum * rowHeight + count * gap`
// pixels long, cut into rows `width + gap` long, so that many rows (rounded up: the last is
// partial) of the target height, with gaps between them. Loaded, a chunk's rows hold whole
// pictures, so that it comes out a little taller or shorter (docs/page.md).
export function estimatedHeight(sum, count, { width, rowHeight, gap }) {
  if (count <= 0) return 0;
  const rows = Math.max(1, Math.ceil((sum * rowHeight + count * gap) / (Math.max(1, width) + gap)));
  return rows * rowHeight + (rows - 1) * gap;
}

function rowsHeight(rows) {
  const last = rows[rows.length - 1];
  return last ? last.top + last.height : 0;
}

// The album's layout: each chunk's top and height (exact when `aspectsOf(chunk)` gives its
// items' clamped aspects, estimated from `sums[chunk]` when it gives null), the list's height.
// `cache` (a Map) keeps chunks' rows from one call to the next while the geometry is the same.
export function justifiedLayout({
  count,
  chunkSize,
  sums = [],
  aspectsOf,
  width,
  rowHeight,
  gap,
  padLeft = 0,
  padTop = 0,
  padBottom = 0,
  cache = new Map(),
}) {
  const geometry = { width: Math.max(1, width), rowHeight: Math.max(1, rowHeight), gap };
  const key = `${geometry.width}/${geometry.rowHeight}/${gap}`;
  const chunks = [];
  let top = 0;
  const chunkCount = Math.ceil(count / chunkSize);
  for (let chunk = 0; chunk < chunkCount; chunk++) {
    const size = Math.min(chunkSize, count - chunk * chunkSize);
    let rows = cache.get(chunk)?.key === key ? cache.get(chunk).rows : null;
    if (!rows) {
      const aspects = aspectsOf ? aspectsOf(chunk) : null;
      rows = aspects ? chunkRows(aspects, geometry) : null;
      if (rows) cache.set(chunk, { key, rows, aspects });
    }
    const sum = typeof sums[chunk] === 'number' ? sums[chunk] : size * UNKNOWN_ASPECT;
    const height = rows ? rowsHeight(rows) : estimatedHeight(sum, size, geometry);
    chunks.push({ top, height, rows, start: chunk * chunkSize, size });
    top += height + gap;
  }
  const inner = chunkCount ? top - gap : 0;
  return { chunks, chunkSize, gap, left: padLeft, top: padTop, height: count ? padTop + padBottom + inner : 0, cache };
}

// The index of the last entry of `list` whose `field` is at most `value` (0 when none is).
function lastAtMost(list, field, value) {
  let low = 0;
  let high = list.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (list[middle][field] <= value) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

// Where the picture of `position` goes, in the list's pixels: { left, top, width, height }, or
// null while its chunk is not laid out.
export function justifiedPlace(layout, position) {
  const chunk = layout.chunks[Math.floor(position / layout.chunkSize)];
  if (!chunk || !chunk.rows) return null;
  const entry = layout.cache.get(Math.floor(position / layout.chunkSize));
  const offset = position - chunk.start;
  const row = chunk.rows[lastAtMost(chunk.rows, 'start', offset)];
  let left = layout.left;
  for (let index = row.start; index < offset; index++) left += entry.aspects[index] * row.height + layout.gap;
  return { left, top: layout.top + chunk.top + row.top, width: entry.aspects[offset] * row.height, height: row.height };
}

// The positions to draw, as the grid's: those of rows within a screen above and two below the
// viewport, which shows the list from `scrolled` pixels (past its first row's top) for `screen`
// pixels. A chunk not laid out counts whole (its pictures are drawn once it is).
export function justifiedRange(layout, scrolled, screen) {
  const { chunks } = layout;
  if (!chunks.length) return { first: 0, last: -1 };
  const from = scrolled - screen;
  const to = scrolled + 2 * screen;
  const firstChunk = lastAtMost(chunks, 'top', from);
  const lastChunk = lastAtMost(chunks, 'top', to);
  return { first: edge(chunks[firstChunk], from, true), last: edge(chunks[lastChunk], to, false) };
}

// The first (or last) position of `chunk` whose row reaches `y` (or starts by it).
function edge(chunk, y, first) {
  if (!chunk.rows) return first ? chunk.start : chunk.start + chunk.size - 1;
  const rows = chunk.rows;
  const row = rows[lastAtMost(rows, 'top', y - chunk.top)];
  if (first) return chunk.start + row.start;
  return chunk.start + row.start + row.count - 1;
}

// The chunk at `scrolled` pixels into the list, and how far into it: what keeps the view on the
// same pictures when the chunks are laid out again (`anchorShift`).
export function anchorAt(layout, scrolled) {
  if (!layout.chunks || !layout.chunks.length) return null;
  const chunk = lastAtMost(layout.chunks, 'top', scrolled);
  const { top, height } = layout.chunks[chunk];
  return { chunk, top, height, offset: scrolled - top };
}

// How far the view must scroll to stay on the chunk `anchor` names in the new `layout`, as far
// into it (in proportion, when that chunk's own height changed: it was estimated, and has come).
export function anchorShift(anchor, layout) {
  const now = anchor ? layout.chunks[anchor.chunk] : null;
  if (!now) return 0;
  const offset = anchor.height > 0 ? (anchor.offset * now.height) / anchor.height : anchor.offset;
  return now.top + offset - (anchor.top + anchor.offset);
}
