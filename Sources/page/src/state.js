// The page's shared, mutable state: what the modules read and write, in one place.
export const state = {
  // Filled by data/index.js: the settings and the album tree.
  gallery: { albums: [], chunkSize: 500, buckets: 256, viewport: [1920, 1080] },
  albumsByID: {},
  cyclic: false,
  vertical: false,
  gap: 30,
  // The store of data pieces (pieces.js), set by main.js (and by the tests, with a fake loader).
  pieces: null,
  // The album view.
  shownAlbum: null,
  // The viewer: its album, the position shown (-1: closed), the album's count, the cell it was
  // opened from, its pages (the current one and its neighbours) and its size.
  viewerAlbum: null,
  current: -1,
  count: 0,
  openerPosition: null,
  pages: [],
  viewSize: { width: 0, height: 0 },
  // The item the viewer shows, which the info panel describes.
  shownItem: null,
};
