// The views' URLs: `#/a/<album id>` and `#/i/<item id>`, percent-encoded (ids hold `/`).

export function albumHash(album) {
  return `#/a/${encodeURIComponent(album.id)}`;
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
// `#/a/<id>` and, with the root album's id '', for anything else. An id that does not decode is null.
export function parseRoute(hash) {
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
