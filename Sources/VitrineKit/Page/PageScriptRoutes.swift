/// The gallery page's script: the info panel, the views' URLs and the start.
///
/// Every album and item has a URL: `#/a/<album id>` and `#/i/<item id>`, percent-encoded (ids
/// hold `/`). Opening an album or an item pushes a history entry; the viewer's steps replace
/// its entry, so that Back leaves the viewer. Each entry keeps the scroll position its view
/// was left at, which Back and Forward bring back.
extension PageScript {
    static let routes = #"""
var info = viewer.querySelector('.info');
var infoList = info.querySelector('dl');
var infoButton = viewer.querySelector('.info-button');
var shownItem = null;

function infoShown() { return !info.hidden; }
function showInfo(visible) {
  info.hidden = !visible;
  infoButton.setAttribute('aria-expanded', visible ? 'true' : 'false');
  if (visible) fillInfo(shownItem);
}
infoButton.addEventListener('click', function () { showInfo(!infoShown()); });

function infoText(value) { return typeof value === 'string' && value ? value : isNumber(value) ? String(value) : null; }

// What the manifest holds of the item: what is absent is left out.
function fillInfo(item) {
  infoList.textContent = '';
  if (!item) return;
  function row(label, value, className) {
    if (value === null || value === undefined) return null;
    make('dt', null, infoList).textContent = label;
    var cell = make('dd', className || null, infoList);
    if (typeof value === 'string') cell.textContent = value;
    else cell.appendChild(value);
    return cell;
  }
  row('File', infoText(item.name), 'file');
  row('Taken', infoText(item.takenAt), 'taken');
  var camera = item.camera && typeof item.camera === 'object' ? item.camera : {};
  row('Camera', infoText([infoText(camera.make), infoText(camera.model)].filter(Boolean).join(' ')) || infoText(item.camera), 'camera');
  row('Lens', infoText(camera.lens) || infoText(item.lens), 'lens');
  var exposure = item.exposure && typeof item.exposure === 'object' ? item.exposure : null;
  if (exposure) {
    var parts = [];
    if (infoText(exposure.time)) parts.push(exposure.time + ' s');
    if (isNumber(exposure.aperture)) parts.push('f/' + exposure.aperture);
    if (isNumber(exposure.iso)) parts.push('ISO ' + exposure.iso);
    if (isNumber(exposure.focalLength)) parts.push(exposure.focalLength + ' mm' + (isNumber(exposure.focalLength35mm) ? ' (' + exposure.focalLength35mm + ' mm in 35 mm)' : ''));
    row('Exposure', parts.length ? parts.join(', ') : null, 'exposure');
  } else {
    row('Exposure', infoText(item.exposure), 'exposure');
  }
  row('Dimensions', isNumber(item.width) && isNumber(item.height) ? item.width + ' × ' + item.height : null, 'dimensions');
  row('Duration', infoText(item.durationLabel), 'duration');
  var caption = item.caption && (item.caption.text || item.caption.markup) ? make('div') : null;
  if (caption) renderCaption(item.caption, caption);
  row('Caption', caption, 'caption');
  row('Keywords', Array.isArray(item.keywords) && item.keywords.length ? item.keywords.join(', ') : null, 'keywords');
  var original = item.original && typeof item.original === 'object' ? siteURL(item.original.path) : null;
  if (original) {
    var link = make('a', 'download');
    link.href = original;
    link.setAttribute('download', '');
    link.textContent = 'Download the original';
    row('Original', link, 'original');
  }
  var rawOriginal = item.rawOriginal && typeof item.rawOriginal === 'object' ? siteURL(item.rawOriginal.path) : null;
  if (rawOriginal) {
    var rawLink = make('a', 'download');
    rawLink.href = rawOriginal;
    rawLink.setAttribute('download', '');
    rawLink.textContent = 'Download the RAW file';
    row('RAW', rawLink, 'raw');
  }
}

// The viewer shows `item`: its URL replaces the entry's (a step), the panel follows it.
function itemShown(item) {
  shownItem = item;
  if (infoShown()) fillInfo(item);
  var hash = itemHash(item.id);
  if (location.hash !== hash) history.replaceState(history.state, '', hash);
}

if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

function rememberScroll() {
  var state = history.state && typeof history.state === 'object' ? history.state : {};
  history.replaceState({ scroll: window.scrollY, fromAlbum: state.fromAlbum === true }, '', location.href);
}

// A cell opens its item: a new entry, which Back leaves.
function openItem(album, position, cell) {
  var item = itemAt(album, position);
  if (!item) return;
  rememberScroll();
  history.pushState({ scroll: window.scrollY, fromAlbum: true }, '', itemHash(item.id));
  openViewer(album, position, cell);
}

// Escape and the close button: back to the album's entry when the viewer was opened from it,
// else (a link to the item) the album's view in place of the item's.
function leaveViewer() {
  if (history.state && history.state.fromAlbum === true) { history.back(); return; }
  var album = viewerAlbum;
  closeViewer();
  if (album) history.replaceState({ scroll: window.scrollY }, '', albumHash(album));
}

function decodePart(text) { try { return decodeURIComponent(text); } catch (error) { return null; } }

// The view the URL names: `#/i/<id>`, `#/a/<id>`, anything else the root album.
function route() {
  var hash = location.hash, scroll = history.state && isNumber(history.state.scroll) ? history.state.scroll : null;
  if (hash.indexOf('#/i/') === 0) {
    var id = decodePart(hash.slice(4));
    if (!viewer.hidden && shownItem && shownItem.id === id) return;
    findItem(id, function (album, position) {
      if (!album) { closeViewer(); showView(albumsByID[''], null); say('No item ' + id + ' in this gallery.'); return; }
      showView(album, scroll);
      ensureItems(album, [position], function () { openViewer(album, position, null); });
    });
    return;
  }
  var wanted = hash.indexOf('#/a/') === 0 ? decodePart(hash.slice(4)) : '';
  closeViewer();
  var album = albumsByID[wanted];
  showView(album || albumsByID[''], scroll);
  if (!album) say('No album ' + wanted + ' in this gallery.');
}

function showView(album, scroll) {
  if (album !== shownAlbum) showAlbum(album);
  window.scrollTo(0, scroll === null ? 0 : scroll);
  renderGrid();
}

// Links to albums (covers, breadcrumbs) keep the scroll position of the view they leave.
document.addEventListener('click', function (event) {
  var link = event.target && event.target.closest ? event.target.closest('a[href^="#/"]') : null;
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  rememberScroll();
  history.pushState({ scroll: 0 }, '', link.getAttribute('href'));
  route();
});
window.addEventListener('popstate', route);

function start(index) {
  if (!index || !Array.isArray(index.albums) || !index.albums.length) {
    say('The gallery\u2019s data (data/index.js) could not be read.');
    document.documentElement.setAttribute('data-vitrine-ready', 'true');
    return;
  }
  gallery = index;
  gallery.albums.forEach(function (album) {
    if (!Array.isArray(album.children)) album.children = [];
    album.count = isNumber(album.count) ? album.count : 0;
    albumsByID[album.id] = album;
  });
  if (!albumsByID['']) albumsByID[''] = gallery.albums[0];
  cyclic = gallery.cyclic === true;
  vertical = gallery.direction === 'vertical';
  gap = isNumber(gallery.gap) && gallery.gap >= 0 ? gallery.gap : 30;
  if (!isNumber(gallery.chunkSize) || gallery.chunkSize < 1) gallery.chunkSize = 500;
  if (!isNumber(gallery.buckets) || gallery.buckets < 1) gallery.buckets = 256;
  document.documentElement.style.setProperty('--gap', gap + 'px');
  if (vertical) viewer.classList.add('vertical');
  route();
  document.documentElement.setAttribute('data-vitrine-ready', 'true');
}
loadPiece('data/index.js', start);
})();
"""#
}
