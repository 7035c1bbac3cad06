/// The gallery page's script: a small Deep Zoom tile renderer. The geometry is
/// the `.dzi`'s, as the manifest's `tiles` records it: levels from 1×1 up to the picture's own
/// size, each half the next rounded up; tiles `tileSize` square, each repeating `overlap`
/// pixels of its neighbours, at `<name>_files/<level>/<column>_<row>.<format>`.
extension PageScript {
    static let tiles = #"""
var TILE_EXTENSIONS = { jpeg: 'jpg', webp: 'webp', png: 'png' };

function hasDeepZoom(item) {
  var tiles = item.tiles;
  return !!(tiles && tiles.layout === 'dz' && tiles.container === 'fs' && typeof tiles.path === 'string'
    && /\.dzi$/.test(tiles.path) && siteURL(tiles.path) && isNumber(tiles.tileSize) && tiles.tileSize > 0
    && isNumber(tiles.levels) && tiles.levels > 0 && TILE_EXTENSIONS[tiles.format] && isNumber(item.width) && isNumber(item.height));
}

// Level `level`'s size: the picture halved (rounded up) once for each level below the top.
function levelSize(item, level) {
  var factor = Math.pow(2, item.tiles.levels - 1 - level);
  return { width: Math.ceil(item.width / factor), height: Math.ceil(item.height / factor) };
}

// The level to draw at `width` CSS pixels: the first whose pixels cover the screen's.
function levelFor(item, width) {
  var wanted = width * (window.devicePixelRatio || 1);
  for (var level = 0; level < item.tiles.levels; level++) if (levelSize(item, level).width >= wanted) return level;
  return item.tiles.levels - 1;
}

// Draws the tiles of the right level that the page shows, over the rendition (which stays
// below as the backdrop while they load); tiles no longer shown are removed.
function drawTiles(page, box) {
  var item = page.item, tiles = item.tiles, layer = page.tiles;
  if (page.slot !== 0) {
    layer.textContent = '';
    page.drawn = {};
    return;
  }
  var level = levelFor(item, box.width), size = levelSize(item, level);
  var scale = box.width / size.width, step = tiles.tileSize, overlap = tiles.overlap || 0;
  var base = siteURL(tiles.path.replace(/\.dzi$/, '_files')) + '/' + level + '/';
  var extension = TILE_EXTENSIONS[tiles.format];
  // The part of the level on screen, in the level's pixels.
  var left = clamp(-box.left / scale, 0, size.width), right = clamp((viewSize.width - box.left) / scale, 0, size.width);
  var top = clamp(-box.top / scale, 0, size.height), bottom = clamp((viewSize.height - box.top) / scale, 0, size.height);
  var wanted = {};
  if (right > left && bottom > top) {
    for (var row = Math.floor(top / step); row * step < bottom; row++) {
      for (var column = Math.floor(left / step); column * step < right; column++) {
        var x = column * step - (column ? overlap : 0), y = row * step - (row ? overlap : 0);
        var width = Math.min(size.width, (column + 1) * step + overlap) - x;
        var height = Math.min(size.height, (row + 1) * step + overlap) - y;
        var url = base + column + '_' + row + '.' + extension;
        wanted[url] = { left: box.left + x * scale, top: box.top + y * scale, width: width * scale, height: height * scale };
      }
    }
  }
  var drawn = page.drawn || {};
  Object.keys(drawn).forEach(function (url) {
    if (!wanted[url]) { drawn[url].remove(); delete drawn[url]; }
  });
  Object.keys(wanted).forEach(function (url) {
    var tile = drawn[url];
    if (!tile) {
      tile = make('img', null, layer);
      tile.alt = '';
      tile.draggable = false;
      tile.decoding = 'async';
      tile.src = url;
      drawn[url] = tile;
    }
    var place = wanted[url];
    tile.style.left = place.left + 'px';
    tile.style.top = place.top + 'px';
    tile.style.width = place.width + 'px';
    tile.style.height = place.height + 'px';
  });
  page.drawn = drawn;
  layer.setAttribute('data-level', String(level));
}

"""#
}
