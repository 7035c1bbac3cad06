/// The gallery page's script, first part: the data pieces and their loading, small helpers,
/// navigation arithmetic and the ThumbHash decoder. The parts (``PageScript/parts``) are one
/// function scope, joined in order; the whole is inline in `index.html`, allowed by its hash.
extension PageScript {
    static let core = #"""
(function () {
'use strict';
// Filled by data/index.js: the settings and the album tree.
var gallery = { albums: [], chunkSize: 500, buckets: 256, viewport: [1920, 1080] };
var albumsByID = {};
var cyclic = false, vertical = false, gap = 30;
// Custom captions are JSON for a site's own code: shown only when the site says it has a
// listener for them (data-vitrine-custom-captions on <html>), never evaluated.
var customCaptionHook = document.documentElement.hasAttribute('data-vitrine-custom-captions');

// Pieces: each data/….js calls vitrinePiece(path, data). A piece is asked for once; what waits
// for it is called when it has come (or with null when it could not load).
var pieces = {};
window.vitrinePiece = function (path, data) {
  var entry = pieces[path];
  if (!entry) entry = pieces[path] = { waiting: [] };
  entry.data = data;
  entry.done = true;
  var waiting = entry.waiting;
  entry.waiting = [];
  waiting.forEach(function (callback) { callback(data); });
};
function loadPiece(path, callback) {
  var entry = pieces[path];
  if (entry && entry.done) { if (callback) callback(entry.data); return; }
  if (!entry) entry = pieces[path] = { waiting: [] };
  if (callback) entry.waiting.push(callback);
  if (entry.script) return;
  var script = document.createElement('script');
  script.src = siteURL(path);
  script.async = true;
  script.addEventListener('error', function () { window.vitrinePiece(path, null); });
  entry.script = script;
  document.head.appendChild(script);
}

function make(tag, className, parent) {
  var element = document.createElement(tag);
  if (className) element.className = className;
  if (parent) parent.appendChild(element);
  return element;
}

function clamp(value, low, high) { return Math.min(high, Math.max(low, value)); }
function isNumber(value) { return typeof value === 'number' && isFinite(value); }
function pad4(number) { var text = String(number); while (text.length < 4) text = '0' + text; return text; }

// An album's items, chunk by chunk: `album.loaded[position]` once its chunk has come.
function chunkPath(album, number) { return 'data/' + (album.id ? album.id + '/' : '') + pad4(number) + '.js'; }
function itemAt(album, position) { return album.loaded ? album.loaded[position] || null : null; }
function ensureChunk(album, number, callback) {
  loadPiece(chunkPath(album, number + 1), function (data) {
    if (data && Array.isArray(data.items)) {
      if (!album.loaded) album.loaded = [];
      data.items.forEach(function (item, offset) { album.loaded[data.start + offset] = item; });
    }
    if (callback) callback();
  });
}
// Calls `callback` once the items at `positions` are loaded (at once when they are).
function ensureItems(album, positions, callback) {
  var chunks = {};
  positions.forEach(function (position) {
    if (position !== null && position >= 0 && position < album.count && !itemAt(album, position)) chunks[Math.floor(position / gallery.chunkSize)] = true;
  });
  var wanted = Object.keys(chunks);
  if (!wanted.length) { callback(); return; }
  var left = wanted.length;
  wanted.forEach(function (number) { ensureChunk(album, Number(number), function () { if (--left === 0) callback(); }); });
}

// The lookup's bucket of an item id: FNV-1a of its UTF-8 bytes, as vitrine wrote it.
function bucketOf(id) {
  var bytes = new TextEncoder().encode(id), hash = 0x811c9dc5;
  for (var i = 0; i < bytes.length; i++) { hash ^= bytes[i]; hash = Math.imul(hash, 0x01000193) >>> 0; }
  var hex = (hash % gallery.buckets).toString(16);
  return 'data/ids-' + (hex.length < 2 ? '0' + hex : hex) + '.js';
}
// Where item `id` is: callback(album, position), or callback(null).
function findItem(id, callback) {
  loadPiece(bucketOf(id), function (data) {
    var entry = data && Object.prototype.hasOwnProperty.call(data, id) ? data[id] : null;
    var album = entry && albumsByID[entry[0]];
    callback(album || null, album ? entry[1] : null);
  });
}

// Seed 001's safe modulo: the position `delta` steps away in an album of `total` items,
// wrapping only in a cyclic gallery; null past an end
// (`total` defaults to the viewer's album's.)
function stepFrom(index, delta, total) {
  var n = total === undefined ? count : total;
  if (!n) return null;
  var target = index + delta;
  if (cyclic) return ((target % n) + n) % n;
  return target >= 0 && target < n ? target : null;
}

// A relative path of the manifest as a URL relative to this page: each segment escaped, so
// that a name with '#', '?', ':' or '%' is still that file; absolute paths and '..' are refused.
function siteURL(path) {
  if (typeof path !== 'string' || path === '' || path.charAt(0) === '/' || path.indexOf('\\') >= 0) return null;
  var parts = path.split('/');
  for (var i = 0; i < parts.length; i++) {
    if (parts[i] === '..') return null;
    parts[i] = encodeURIComponent(parts[i]);  // ':' too: no segment can read as a scheme
  }
  return parts.join('/');
}

function aspectOf(item) { return isNumber(item.width) && isNumber(item.height) && item.height > 0 ? item.width / item.height : 1; }

// What a picture is, in words: vitrine's alt text (title, caption's first line, file name).
function describe(item) { return typeof item.alt === 'string' ? item.alt : ''; }

// The item's renditions as a srcset ("a.jpg 256w, b.jpg 512w"), and the smallest one's URL.
function renditionSet(item) {
  var list = Array.isArray(item.renditions) ? item.renditions : [];
  var entries = [], smallest = null, largest = null;
  list.forEach(function (rendition) {
    var url = rendition && siteURL(rendition.path);
    if (!url || !isNumber(rendition.width)) return;
    entries.push(url + ' ' + rendition.width + 'w');
    if (!smallest || rendition.width < smallest.width) smallest = { url: url, width: rendition.width };
    if (!largest || rendition.width > largest.width) largest = { url: url, width: rendition.width };
  });
  return entries.length ? { srcset: entries.join(', '), smallest: smallest.url, largest: largest.url } : null;
}

// ThumbHash (Evan Wallace's format): the average colour, an aspect ratio, and a few cosine
// terms of a luminance, two colour and an optional alpha channel, at most 32 pixels a side.
var ThumbHash = {
  bytes: function (base64) {
    var text = atob(base64), bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  },
  decode: function (hash) {
    var head = hash[0] | (hash[1] << 8) | (hash[2] << 16), tail = hash[3] | (hash[4] << 8);
    var alpha = (head >> 23) & 1, landscape = (tail >> 15) & 1;
    var storedX = landscape ? (alpha ? 5 : 7) : tail & 7, storedY = landscape ? tail & 7 : (alpha ? 5 : 7);
    var lx = Math.max(3, storedX), ly = Math.max(3, storedY);
    var nibble = 0, first = alpha ? 6 : 5;
    function terms(nx, ny, scale) {
      var list = [];
      for (var cy = 0; cy < ny; cy++) {
        for (var cx = cy ? 0 : 1; cx * ny < nx * (ny - cy); cx++) {
          var value = (hash[first + (nibble >> 1)] >> ((nibble & 1) << 2)) & 15;
          nibble++;
          list.push([cx, cy, (value / 7.5 - 1) * scale]);
        }
      }
      return list;
    }
    // Colour terms are stored shrunk: 1.25 gives back their saturation.
    var channels = [
      { base: (head & 63) / 63, terms: terms(lx, ly, ((head >> 18) & 31) / 31) },
      { base: ((head >> 6) & 63) / 31.5 - 1, terms: terms(3, 3, ((tail >> 3) & 63) / 63 * 1.25) },
      { base: ((head >> 12) & 63) / 31.5 - 1, terms: terms(3, 3, ((tail >> 9) & 63) / 63 * 1.25) },
      { base: alpha ? (hash[5] & 15) / 15 : 1, terms: alpha ? terms(5, 5, (hash[5] >> 4) / 15) : [] }
    ];
    var ratio = storedX / storedY;
    var width = Math.round(ratio > 1 ? 32 : 32 * ratio), height = Math.round(ratio > 1 ? 32 / ratio : 32);
    var rgba = new Uint8ClampedArray(width * height * 4), values = [0, 0, 0, 0];
    for (var y = 0, i = 0; y < height; y++) {
      for (var x = 0; x < width; x++, i += 4) {
        for (var c = 0; c < 4; c++) {
          var sum = channels[c].base, list = channels[c].terms;
          for (var t = 0; t < list.length; t++) {
            var term = list[t];
            sum += term[2] * Math.cos(Math.PI / width * (x + 0.5) * term[0]) * Math.cos(Math.PI / height * (y + 0.5) * term[1]) * 2;
          }
          values[c] = sum;
        }
        var l = values[0], p = values[1], q = values[2];
        var b = l - 2 / 3 * p, r = (3 * l - b + q) / 2, g = r - q;
        rgba[i] = Math.max(0, Math.min(1, r) * 255);
        rgba[i + 1] = Math.max(0, Math.min(1, g) * 255);
        rgba[i + 2] = Math.max(0, Math.min(1, b) * 255);
        rgba[i + 3] = Math.max(0, Math.min(1, values[3]) * 255);
      }
    }
    return { width: width, height: height, rgba: rgba };
  },
  // A canvas holding the item's placeholder, or null when it has none (or a BlurHash).
  canvas: function (item, className) {
    var hash = item.placeholder;
    if (typeof hash !== 'string') return null;
    try {
      var decoded = ThumbHash.decode(ThumbHash.bytes(hash));
      var canvas = make('canvas', className);
      canvas.width = decoded.width;
      canvas.height = decoded.height;
      canvas.setAttribute('aria-hidden', 'true');
      canvas.getContext('2d').putImageData(new ImageData(decoded.rgba, decoded.width, decoded.height), 0, 0);
      return canvas;
    } catch (error) {
      return null;
    }
  }
};
// For the tests (and anyone): the decoder the page paints with.
window.vitrineThumbHash = ThumbHash;

"""#
}
