// An album's items, chunk by chunk, the lookup of an item by id, and steps between positions.
import { state } from './state.js';
import { pad4 } from './util.js';

export function chunkPath(album, number) {
  return `data/${album.id ? `${album.id}/` : ''}${pad4(number)}.js`;
}

// The item at `position`, once its chunk has come (`album.loaded[position]`).
export function itemAt(album, position) {
  return album.loaded ? album.loaded[position] || null : null;
}

// How many items a chunk of `album` holds: the gallery's chunkSize, or the album's own (a
// search's results, whose `source` loads them: search-results.js).
export function chunkSizeOf(album) {
  return album && album.chunkSize > 0 ? album.chunkSize : state.gallery.chunkSize;
}

// Loads chunk `number` (from 0) of `album`, then calls `callback`. An album with a source of its
// own may come in parts: `progress` is told of each part come before the last.
export function ensureChunk(album, number, callback, progress) {
  if (album.source) {
    album.source.chunk(number, callback || (() => {}), progress);
    return;
  }
  state.pieces.load(chunkPath(album, number + 1), (data) => {
    if (data && Array.isArray(data.items)) {
      if (!album.loaded) album.loaded = [];
      // Which chunks have come, for the justified layout, which lays out only those.
      if (!album.chunksIn) album.chunksIn = new Set();
      album.chunksIn.add(number);
      data.items.forEach((item, offset) => {
        album.loaded[data.start + offset] = item;
      });
    }
    if (callback) callback();
  });
}

// Calls `callback` once the items at `positions` are loaded (at once when they are).
export function ensureItems(album, positions, callback) {
  if (album.source) {
    album.source.items(positions, callback);
    return;
  }
  const chunks = new Set();
  for (const position of positions) {
    if (position !== null && position >= 0 && position < album.count && !itemAt(album, position)) {
      chunks.add(Math.floor(position / state.gallery.chunkSize));
    }
  }
  if (!chunks.size) {
    callback();
    return;
  }
  let left = chunks.size;
  for (const number of chunks) {
    ensureChunk(album, number, () => {
      left -= 1;
      if (left === 0) callback();
    });
  }
}

// The lookup's bucket of an item id: FNV-1a of its UTF-8 bytes, as vitrine wrote it.
export function bucketOf(id, buckets = state.gallery.buckets) {
  const bytes = new TextEncoder().encode(id);
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return `data/ids-${(hash % buckets).toString(16).padStart(2, '0')}.js`;
}

// Where item `id` is: callback(album, position), or callback(null, null).
export function findItem(id, callback) {
  state.pieces.load(bucketOf(id), (data) => {
    // biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn is newer than ES2020, the page's target
    const entry = data && Object.prototype.hasOwnProperty.call(data, id) ? data[id] : null;
    const album = entry ? state.albumsByID[entry[0]] : null;
    callback(album || null, album ? entry[1] : null);
  });
}

// Seed 001's safe modulo: the position `delta` steps from `index` in an album of `total`
// items, wrapping only in a cyclic gallery; null past an end.
export function stepFrom(index, delta, total, cyclic = state.cyclic) {
  if (!total) return null;
  const target = index + delta;
  if (cyclic) return ((target % total) + total) % total;
  return target >= 0 && target < total ? target : null;
}
