// Data pieces: each data/….js calls vitrinePiece(path, data). A piece is asked for once; what
// waits for it is called when it has come (or with null when it could not load).

// A store of pieces over `loadScript(path, failed)`, which asks for a piece and calls `failed`
// when it cannot come. `receive` is what the pieces call; `load` asks for one.
export function createPieces(loadScript) {
  const entries = new Map();
  function entryOf(path) {
    let entry = entries.get(path);
    if (!entry) {
      entry = { waiting: [], done: false, requested: false, data: null };
      entries.set(path, entry);
    }
    return entry;
  }
  function receive(path, data) {
    const entry = entryOf(path);
    entry.data = data;
    entry.done = true;
    const waiting = entry.waiting;
    entry.waiting = [];
    for (const callback of waiting) callback(data);
  }
  function load(path, callback) {
    const entry = entryOf(path);
    if (entry.done) {
      if (callback) callback(entry.data);
      return;
    }
    if (callback) entry.waiting.push(callback);
    if (entry.requested) return;
    entry.requested = true;
    loadScript(path, () => receive(path, null));
  }
  return { receive, load };
}

// The browser's loader: a script element for the piece's URL (`urlOf(path)`).
export function scriptLoader(urlOf) {
  return (path, failed) => {
    const script = document.createElement('script');
    script.src = urlOf(path);
    script.async = true;
    script.addEventListener('error', failed);
    document.head.appendChild(script);
  };
}
