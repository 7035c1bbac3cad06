// The gallery's settings, read from data/index.js into the page's state.
import { state } from './state.js';
import { isNumber } from './util.js';

// The gap between pages and cells when the gallery names none.
export const DEFAULT_GAP = 30;

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
  state.gap = isNumber(index.gap) && index.gap >= 0 ? index.gap : DEFAULT_GAP;
  if (!isNumber(index.chunkSize) || index.chunkSize < 1) index.chunkSize = 500;
  if (!isNumber(index.buckets) || index.buckets < 1) index.buckets = 256;
  return true;
}
