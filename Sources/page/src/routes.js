// The views' URLs: `#/a/<album id>` and `#/i/<item id>`, percent-encoded (ids hold `/`), and a
// search's, `#/s/?q=<text>&<filter>=<value>…` (with `i=<item id>` while the viewer shows one).

// An album's URL; the results of a search (search-results.js) carry their own.
export function albumHash(album) {
  return typeof album.hash === 'string' ? album.hash : `#/a/${encodeURIComponent(album.id)}`;
}

// A search's URL: its text, its filters (name → value, in their order; '' left out) and the item
// the viewer shows, if any.
export function searchHash(text, filters, itemID = null) {
  const params = new URLSearchParams();
  if (text) params.set('q', text);
  for (const [name, value] of Object.entries(filters)) if (value !== '' && value !== null && value !== undefined) params.set(name, value);
  if (itemID !== null) params.set('i', itemID);
  return `#/s/?${params}`;
}

export function itemHash(id) {
  return `#/i/${encodeURIComponent(id)}`;
}

// A part of a URL decoded, or null when it is not valid percent-encoding.
export function decodePart(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

// The view a hash names: { kind: 'item', id } for `#/i/<id>`, { kind: 'album', id } for
// `#/a/<id>` and, with the root album's id '', for anything else. An id that does not decode is
// null. `#/s/?…` is { kind: 'search', params } (a URLSearchParams).
export function parseRoute(hash) {
  if (hash.startsWith('#/s/')) {
    const query = hash.indexOf('?');
    return { kind: 'search', params: new URLSearchParams(query < 0 ? '' : hash.slice(query + 1)) };
  }
  if (hash.startsWith('#/i/')) return { kind: 'item', id: decodePart(hash.slice(4)) };
  if (hash.startsWith('#/a/')) return { kind: 'album', id: decodePart(hash.slice(4)) };
  return { kind: 'album', id: '' };
}

// An album's name in breadcrumbs, covers and the document's title.
export function albumLabel(album, galleryTitle) {
  return album.id ? album.title || album.id : galleryTitle;
}

// The document's title for a view of `album`.
export function documentTitle(album, galleryTitle) {
  return album.id ? `${albumLabel(album, galleryTitle)} \u2013 ${galleryTitle}` : galleryTitle;
}

// The albums from the root down to `album`, through their parents.
export function albumChain(album, albumsByID) {
  const chain = [];
  const seen = new Set();
  for (let step = album; step && !seen.has(step); step = typeof step.parent === 'string' ? albumsByID[step.parent] : null) {
    seen.add(step);
    chain.unshift(step);
  }
  return chain;
}
