// The results of a search as an album the grid and the viewer show like any other: its items
// come in chunks of RESULTS_CHUNK from the record pieces (search/r/NNNN.js: what a cell shows,
// loaded for the results drawn only), and an item the viewer shows comes whole from its album's
// chunk, found by its id as a link to it is (`findItem`), so that the viewer has its caption,
// videos and tiles. Its counter says the item's place among the results.
import { recordPiecePath } from './search-pieces.js';
import { cached } from './util.js';

export const RESULTS_CHUNK = 30;

// The records term pieces carry (a common word's first results: `records`, [[number, record]…]),
// by number, for each store of pieces: a chunk whose records are all known loads no record piece.
const knownByStore = new WeakMap();
const known = (store) => cached(knownByStore, store, () => ({ records: new Map(), pieces: new WeakSet() }));
const knownRecords = (store) => known(store).records;

// Keeps the records `piece` carries, once a piece.
export function noteRecords(store, piece) {
  const { records, pieces } = known(store);
  if (!piece || typeof piece !== 'object' || !Array.isArray(piece.records) || pieces.has(piece)) return;
  pieces.add(piece);
  for (const entry of piece.records) {
    const item = Array.isArray(entry) && Number.isInteger(entry[0]) ? recordItem(entry[1]) : null;
    if (item) records.set(entry[0], item);
  }
}

// A record of a record piece (an array: id, album, name, kind, width, height, renditions as
// [path, width, height], placeholder, durationLabel, motion, selection; absent values null or
// left off at the end) as the item the grid takes; null for anything else.
export function recordItem(record) {
  if (!Array.isArray(record) || typeof record[0] !== 'string') return null;
  const [id, album, name, kind, width, height, renditions, placeholder, durationLabel, motion, selection] = record;
  const item = { id, name: typeof name === 'string' ? name : '' };
  const fields = { album, kind, width, height, placeholder, durationLabel, selection };
  for (const [key, value] of Object.entries(fields)) if (value !== null && value !== undefined) item[key] = value;
  item.renditions = (Array.isArray(renditions) ? renditions : [])
    .filter((each) => Array.isArray(each))
    .map(([path, renditionWidth, renditionHeight]) => ({ path, width: renditionWidth, height: renditionHeight }));
  if (motion) item.motion = true;
  return item;
}

// An album of the items numbered `numbers` (ranked; an array or an Int32Array). `links` gives the
// view's URLs: { view: its own, item(id): the viewer's on item `id` among the results }. `lookup`
// is { store, findItem, ensureItems, itemAt, isShown(album) }: data.js's, or the tests' fakes.
export function resultsAlbum(numbers, { recordBlock, title, links, lookup }) {
  const album = {
    id: '\u0000results',
    title,
    parent: '',
    children: [],
    count: numbers.length,
    numbers,
    chunkSize: RESULTS_CHUNK,
    loaded: [],
    chunksIn: new Set(),
    // Chunks loading: { callbacks, progress, paths (their record blocks) }.
    pending: new Map(),
    whole: new Set(),
    hash: links.view,
    itemHash: links.item,
  };
  // Records are not asked for while the results are not shown (other text typed meanwhile).
  album.stale = () => (lookup.isShown ? !lookup.isShown(album) : false);
  // The first results, when the term pieces carried their records: drawn with no piece to wait for.
  const first = Array.from(numbers.slice(0, RESULTS_CHUNK));
  if (fillKnown(album, 0, first, lookup.store).length === 0 && numbers.length) album.chunksIn.add(0);
  album.source = {
    chunk: (chunk, callback, progress) => loadRecords(album, chunk, recordBlock, lookup.store, callback, progress),
    items: (positions, callback) => loadWhole(album, positions, recordBlock, lookup, callback),
  };
  return album;
}

// Asks for the record blocks of the first results whose records are not known, so that they
// load while the search counts (unless `stale()` says it was typed over first).
export function prefetchRecords(store, numbers, recordBlock, stale) {
  const known = knownRecords(store);
  const first = Array.from(numbers.slice(0, RESULTS_CHUNK)).filter((number) => !known.has(number));
  for (const path of new Set(first.map((number) => recordPiecePath(number, recordBlock)))) store.load(path, null, stale);
}

// Puts the known records of the results `numbers` from `start` in their places; the numbers left
// unknown.
function fillKnown(album, start, numbers, store) {
  const known = knownRecords(store);
  return numbers.filter((number, offset) => {
    if (album.loaded[start + offset]) return false;
    const item = known.get(number);
    if (item) album.loaded[start + offset] = item;
    return !item;
  });
}

// Loads the records of chunk `chunk` of the results (the blocks holding them), then callback();
// progress() each time a block has come and others have not: its records are in `album.loaded`
// already, so that the cells they make can be drawn while the rest come. A chunk asked for again
// while it loads is waited for, not loaded twice.
export function loadRecords(album, chunk, recordBlock, store, callback, progress) {
  if (album.chunksIn.has(chunk)) {
    callback?.();
    return;
  }
  const pending = album.pending.get(chunk);
  if (pending) {
    // The grid asks again each time it draws, with the same callbacks.
    if (!pending.callbacks.includes(callback)) pending.callbacks.push(callback);
    if (!pending.progress.includes(progress)) pending.progress.push(progress);
    // Blocks not asked for while the results were not shown are asked for again.
    for (const path of pending.paths) store.load(path, null, album.stale);
    return;
  }
  const start = chunk * RESULTS_CHUNK;
  const numbers = Array.from(album.numbers.slice(start, start + RESULTS_CHUNK));
  const paths = [...new Set(fillKnown(album, start, numbers, store).map((number) => recordPiecePath(number, recordBlock)))];
  const waiting = { callbacks: [callback], progress: [progress], paths };
  album.pending.set(chunk, waiting);
  // The records of `path`'s block (null: it did not load) into their places.
  const fill = (path, block) => {
    numbers.forEach((number, offset) => {
      if (album.loaded[start + offset] || recordPiecePath(number, recordBlock) !== path) return;
      const record = block && Array.isArray(block.items) ? recordItem(block.items[number - block.start]) : null;
      album.loaded[start + offset] = record || { id: '', name: '', missing: true };
    });
  };
  let left = paths.length;
  const done = () => {
    album.pending.delete(chunk);
    album.chunksIn.add(chunk);
    for (const each of waiting.callbacks) each?.();
  };
  if (!left) done();
  for (const path of paths) {
    store.load(
      path,
      (block) => {
        fill(path, block);
        left -= 1;
        if (left === 0) done();
        else for (const each of waiting.progress) each?.();
      },
      album.stale,
    );
  }
}

// Loads results `positions` whole (their records first), then callback(). An item whose album
// chunk cannot be found keeps its record.
export function loadWhole(album, positions, recordBlock, lookup, callback) {
  const wanted = [...new Set(positions)].filter((position) => position !== null && position >= 0 && position < album.count);
  const chunks = [...new Set(wanted.filter((position) => !album.loaded[position]).map((position) => Math.floor(position / RESULTS_CHUNK)))];
  let left = chunks.length;
  const next = () => wholeItems(album, wanted, lookup, callback);
  if (!left) next();
  for (const chunk of chunks) {
    loadRecords(album, chunk, recordBlock, lookup.store, () => {
      left -= 1;
      if (left === 0) next();
    });
  }
}

function wholeItems(album, positions, lookup, callback) {
  const missing = positions.filter((position) => !album.whole.has(position));
  let left = missing.length;
  if (!left) {
    callback();
    return;
  }
  const settle = () => {
    left -= 1;
    if (left === 0) callback();
  };
  for (const position of missing) {
    const record = album.loaded[position];
    lookup.findItem(record.id, (home, at) => {
      if (!home) {
        album.whole.add(position);
        settle();
        return;
      }
      lookup.ensureItems(home, [at], () => {
        const item = lookup.itemAt(home, at);
        // The item's own counter is its album's: among the results, the viewer counts them.
        if (item) album.loaded[position] = { ...item, position: '' };
        album.whole.add(position);
        settle();
      });
    });
  }
}
