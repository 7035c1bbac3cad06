// Data pieces: each data/….js calls vitrinePiece(path, data). A piece is asked for once; what
// waits for it is called when it has come (or with null when it could not load).

// A store of pieces over `loadScript(path, settled)`, which asks for a piece and calls `settled`
// once its script has run or could not load. `receive` is what the pieces call; `load` asks for
// one. At most `concurrency` are asked for at a time, in the order asked; a waiter may say it no
// longer wants its piece (`stale()`, a search typed over): a piece whose every waiter has gone
// stale before its turn is not asked for, and is again when someone asks for it. A search typed
// letter by letter so asks only for the pieces its latest text needs, not for every part's.
export function createPieces(loadScript, concurrency = Number.POSITIVE_INFINITY) {
  const entries = new Map();
  const queue = [];
  let running = 0;
  function entryOf(path) {
    let entry = entries.get(path);
    if (!entry) {
      entry = { waiting: [], done: false, queued: false, loading: false, data: null };
      entries.set(path, entry);
    }
    return entry;
  }
  function receive(path, data) {
    const entry = entryOf(path);
    if (entry.done) return;
    entry.data = data;
    entry.done = true;
    const waiting = entry.waiting;
    entry.waiting = [];
    for (const { callback } of waiting) callback?.(data);
  }
  const wanted = (entry) => entry.waiting.some(({ stale }) => !stale?.());
  function next() {
    while (running < concurrency && queue.length) {
      const path = queue.shift();
      const entry = entries.get(path);
      entry.queued = false;
      if (entry.done || entry.loading || !wanted(entry)) continue;
      entry.loading = true;
      running += 1;
      loadScript(path, () => {
        entry.loading = false;
        running -= 1;
        // A script that ran without handing its piece over has none.
        receive(path, null);
        next();
      });
    }
  }
  function load(path, callback, stale) {
    const entry = entryOf(path);
    if (entry.done) {
      callback?.(entry.data);
      return;
    }
    entry.waiting.push({ callback, stale });
    if (entry.queued || entry.loading) return;
    entry.queued = true;
    queue.push(path);
    next();
  }
  return { receive, load };
}

// How many pieces to ask for at a time over `protocol` (the page's own, as Resource Timing's
// `nextHopProtocol` names it: "http/1.1", "h2", "" from disk). A browser opens 6 connections to
// an http/1 server and queues the rest itself, where a search typed over can no longer drop
// them: so 6, and the queue stays here. Over http/2 or 3, or from disk, 12: a screen of results'
// records in two round trips.
export const PIECES_AT_ONCE_HTTP1 = 6;
export const PIECES_AT_ONCE = 12;
export function piecesAtOnce(protocol) {
  return /^http\/1(\.|$)/i.test(String(protocol || '')) ? PIECES_AT_ONCE_HTTP1 : PIECES_AT_ONCE;
}

// The browser's loader: a script element for the piece's URL (`urlOf(path)`), removed once it has
// run (its piece is kept by the store; a search loads thousands, each element holding its text).
export function scriptLoader(urlOf) {
  return (path, settled) => {
    const script = document.createElement('script');
    script.src = urlOf(path);
    script.async = true;
    const done = () => {
      script.remove();
      settled();
    };
    script.addEventListener('load', done);
    script.addEventListener('error', done);
    document.head.appendChild(script);
  };
}
