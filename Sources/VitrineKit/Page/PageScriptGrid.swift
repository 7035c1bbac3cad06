/// The gallery page's script: the album view (breadcrumbs, the album's title and description,
/// its child albums as covers, then its items) and its grid, which is virtual: only the cells
/// near the viewport exist, placed in a box as tall as the whole album, so that the scrollbar is
/// the album's and a jump to its end draws only the rows shown (their chunk loaded then).
extension PageScript {
    static let grid = #"""
var crumbs = document.getElementById('breadcrumbs');
var albumTitle = document.getElementById('album-title');
var albumDescription = document.getElementById('album-description');
var albumList = document.getElementById('albums');
var grid = document.getElementById('grid');
var statusLine = document.getElementById('status');
var shownAlbum = null;
var gridCells = {};  // by position: { li, cell, image, item }
var layout = { columns: 1, side: 180, left: 16, top: 16 };

function albumHash(album) { return '#/a/' + encodeURIComponent(album.id); }
function itemHash(id) { return '#/i/' + encodeURIComponent(id); }
function albumLabel(album) { return album.id ? album.title || album.id : gallery.title; }

function say(text) {
  statusLine.hidden = !text;
  statusLine.textContent = text || '';
}

function showAlbum(album) {
  shownAlbum = album;
  document.title = album.id ? albumLabel(album) + ' – ' + gallery.title : gallery.title;
  crumbs.textContent = '';
  var chain = [];
  for (var step = album; step; step = typeof step.parent === 'string' ? albumsByID[step.parent] : null) chain.unshift(step);
  if (chain.length > 1) {
    var trail = make('ol', null, crumbs);
    chain.forEach(function (entry, index) {
      var crumb = make('li', null, trail);
      if (index === chain.length - 1) {
        crumb.textContent = albumLabel(entry);
        crumb.setAttribute('aria-current', 'page');
      } else {
        var link = make('a', null, crumb);
        link.href = albumHash(entry);
        link.textContent = albumLabel(entry);
      }
    });
  }
  albumTitle.textContent = album.id ? albumLabel(album) : '';
  albumDescription.textContent = '';
  renderCaption(album.description, albumDescription);
  albumList.textContent = '';
  album.children.forEach(function (id) { if (albumsByID[id]) makeAlbumCover(albumsByID[id]); });
  albumList.hidden = !album.children.length;
  Object.keys(gridCells).forEach(function (key) { gridCells[key].li.remove(); });
  gridCells = {};
  say(!album.count && !album.children.length ? 'This gallery has no items.' : '');
  layoutGrid();
  renderGrid();
}

function makeAlbumCover(album) {
  var link = make('a', 'album-cover', make('li', null, albumList));
  link.href = albumHash(album);
  link.setAttribute('data-album', album.id);
  var frame = make('span', 'cover', link);
  var cover = album.cover;
  if (cover) {
    var placeholder = ThumbHash.canvas(cover, 'placeholder');
    if (placeholder) frame.appendChild(placeholder);
    var set = renditionSet(cover);
    if (set) {
      var image = make('img', null, frame);
      image.alt = '';
      image.loading = 'lazy';
      image.decoding = 'async';
      image.addEventListener('load', function () { image.classList.add('loaded'); });
      image.sizes = '240px';
      image.srcset = set.srcset;
      image.src = set.smallest;
    }
  }
  make('span', 'album-name', link).textContent = albumLabel(album);
  make('span', 'album-count', link).textContent = album.total + (album.total === 1 ? ' item' : ' items');
}

// Columns and the cell's side as the style sheet's grid would lay them out; the list is as
// tall as every row of the album.
function layoutGrid() {
  var album = shownAlbum;
  if (!album) return;
  var style = getComputedStyle(grid);
  var padLeft = parseFloat(style.paddingLeft) || 0, padRight = parseFloat(style.paddingRight) || 0;
  var padTop = parseFloat(style.paddingTop) || 0, padBottom = parseFloat(style.paddingBottom) || 0;
  var least = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--cell')) || 180;
  var width = Math.max(1, grid.clientWidth - padLeft - padRight);
  var columns = Math.max(1, Math.floor((width + gap) / (least + gap)));
  var side = (width - (columns - 1) * gap) / columns;
  var rows = Math.ceil(album.count / columns);
  layout = { columns: columns, side: side, left: padLeft, top: padTop };
  grid.style.height = (rows ? padTop + padBottom + rows * side + (rows - 1) * gap : 0) + 'px';
  Object.keys(gridCells).forEach(function (key) { placeCell(gridCells[key], Number(key)); });
}

function placeCell(entry, position) {
  var column = position % layout.columns, row = Math.floor(position / layout.columns);
  entry.li.style.left = layout.left + column * (layout.side + gap) + 'px';
  entry.li.style.top = layout.top + row * (layout.side + gap) + 'px';
  entry.li.style.width = layout.side + 'px';
  entry.li.style.height = layout.side + 'px';
  // The width its picture is drawn at when it covers the square cell, so that the browser
  // takes the rendition that fills it at the screen's pixel ratio.
  if (entry.image) entry.image.sizes = Math.ceil(layout.side * Math.max(1, aspectOf(entry.item))) + 'px';
}

var renderQueued = false;
function queueRender() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(function () { renderQueued = false; renderGrid(); });
}

// The cells of the rows within a screen of the viewport; the others go (but the one holding
// the focus). Rows whose chunk has not come are asked for and drawn when it does.
function renderGrid() {
  var album = shownAlbum;
  if (!album || !album.count) return;
  var rowHeight = layout.side + gap;
  var top = -grid.getBoundingClientRect().top - layout.top, screen = window.innerHeight || 800;
  var firstRow = Math.max(0, Math.floor((top - screen) / rowHeight));
  var lastRow = Math.max(0, Math.floor((top + 2 * screen) / rowHeight));
  var first = Math.min(album.count - 1, firstRow * layout.columns);
  var last = Math.min(album.count - 1, (lastRow + 1) * layout.columns - 1);
  Object.keys(gridCells).forEach(function (key) {
    var position = Number(key), entry = gridCells[key];
    if (position >= first && position <= last) return;
    if (entry.li.contains(document.activeElement)) return;
    entry.li.remove();
    delete gridCells[key];
  });
  var waiting = false;
  for (var position = first; position <= last; position++) {
    if (gridCells[position]) continue;
    var item = itemAt(album, position);
    if (item) gridCells[position] = makeCell(album, position, item);
    else waiting = true;
  }
  if (waiting) {
    for (var chunk = Math.floor(first / gallery.chunkSize); chunk <= Math.floor(last / gallery.chunkSize); chunk++) {
      ensureChunk(album, chunk, function () { if (album === shownAlbum) queueRender(); });
    }
  }
}

function makeCell(album, position, item) {
  var li = make('li', null, grid);
  var cell = make('button', 'cell', li);
  cell.type = 'button';
  cell.setAttribute('data-index', String(position));
  var words = describe(item) || item.name || '';
  if (typeof item.durationLabel === 'string') words += ', video, ' + item.durationLabel;
  if (item.motion) words += ', live photo';
  if (isNumber(item.selection)) words += ', selected ' + item.selection;
  cell.setAttribute('aria-label', words);
  var placeholder = ThumbHash.canvas(item, 'placeholder');
  if (placeholder) cell.appendChild(placeholder);
  var set = renditionSet(item);
  var image = null;
  if (set) {
    image = make('img', null, cell);
    image.alt = describe(item);
    image.loading = 'lazy';
    image.decoding = 'async';
    image.addEventListener('load', function () { image.classList.add('loaded'); });
    image.sizes = '200px';
    image.srcset = set.srcset;
    image.src = set.smallest;
  } else if (!placeholder) {
    make('span', 'missing', cell).textContent = describe(item) || item.name || '';
  }
  if (typeof item.durationLabel === 'string') {
    var duration = make('span', 'badge duration', cell);
    duration.textContent = item.durationLabel;
    duration.setAttribute('aria-hidden', 'true');
  }
  if (item.motion) {
    // A still that moves says so before it is opened, as a photo library's grid does.
    var live = make('span', 'badge live', cell);
    live.textContent = 'Live';
    live.setAttribute('aria-hidden', 'true');
  }
  if (isNumber(item.selection)) {
    var selection = make('span', 'badge selection', cell);
    selection.textContent = String(item.selection);
    selection.setAttribute('aria-hidden', 'true');
  }
  cell.addEventListener('click', function () { openItem(album, position, cell); });
  var entry = { li: li, cell: cell, image: image, item: item };
  placeCell(entry, position);
  return entry;
}

// The cell of `position` in the album shown, made if need be (to give the focus back to).
function cellAt(position) {
  var entry = gridCells[position];
  if (!entry && shownAlbum && itemAt(shownAlbum, position)) entry = gridCells[position] = makeCell(shownAlbum, position, itemAt(shownAlbum, position));
  return entry ? entry.cell : null;
}

window.addEventListener('scroll', queueRender, { passive: true });

"""#
}
