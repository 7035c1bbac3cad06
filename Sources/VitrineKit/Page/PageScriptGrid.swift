/// The gallery page's script: the title, the grid of cells with their badges, and captions.
extension PageScript {
    static let grid = #"""
var gridCells = [];

function buildHeader() {
  var title = typeof manifest.title === 'string' && manifest.title ? manifest.title : '';
  if (title) document.title = title;
  document.getElementById('gallery-title').textContent = title;
  renderCaption(manifest.description, document.getElementById('gallery-description'));
}

function buildGrid() {
  var list = document.getElementById('grid');
  if (!count) {
    make('p', 'empty', list.parentNode).textContent = 'This gallery has no items.';
    return;
  }
  items.forEach(function (item, index) {
    var cell = make('button', 'cell', make('li', null, list));
    cell.type = 'button';
    cell.setAttribute('data-index', String(index));
    var words = describe(item);
    if (typeof item.durationLabel === 'string') words += ', video, ' + item.durationLabel;
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
      make('span', 'missing', cell).textContent = describe(item);
    }
    if (typeof item.durationLabel === 'string') {
      var duration = make('span', 'badge duration', cell);
      duration.textContent = item.durationLabel;
      duration.setAttribute('aria-hidden', 'true');
    }
    if (isNumber(item.selection)) {
      var selection = make('span', 'badge selection', cell);
      selection.textContent = String(item.selection);
      selection.setAttribute('aria-hidden', 'true');
    }
    cell.addEventListener('click', function () { openViewer(index, cell); });
    gridCells.push({ cell: cell, image: image, item: item });
  });
  sizeGrid();
}

// Each cell's `sizes`: the width its picture is drawn at when it covers the square cell, so
// that the browser takes the rendition that fills it at the screen's pixel ratio.
function sizeGrid() {
  if (!gridCells.length) return;
  var side = gridCells[0].cell.getBoundingClientRect().width || 200;
  gridCells.forEach(function (entry) {
    if (entry.image) entry.image.sizes = Math.ceil(side * Math.max(1, aspectOf(entry.item))) + 'px';
  });
}

// Elements and attributes a caption's markup may hold: vitrine's own sanitiser wrote it, and
// the page checks again (a manifest is data anyone can edit).
var CAPTION_TAGS = {
  a: ['href', 'title'], b: [], strong: [], i: [], em: [], u: [], s: [], del: [], sub: [], sup: [], small: [], code: [],
  span: ['style'], br: [], p: [], ul: [], ol: ['start'], li: [], blockquote: [], pre: [], hr: [],
  h1: [], h2: [], h3: [], h4: [], h5: [], h6: []
};
var CAPTION_DROPPED = { script: 1, style: 1, template: 1, iframe: 1, object: 1, embed: 1, noscript: 1, textarea: 1,
  title: 1, svg: 1, math: 1, select: 1 };

function safeLink(value) {
  var url = value.trim();
  if (/[\u0000-\u0020]/.test(url)) return null;
  var beforePath = url.split(/[\/?#]/)[0];
  if (beforePath.indexOf(':') < 0) return url;
  return /^(https?|mailto):/i.test(url) ? url : null;
}

function colourOf(style) {
  var match = /^\s*color\s*:\s*(#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]{1,24})\s*;?\s*$/i.exec(style);
  return match ? match[1] : null;
}

// Parses markup in an inert template (nothing in it runs or loads) and copies what is allowed.
function importMarkup(markup, target) {
  var template = document.createElement('template');
  template.innerHTML = markup;
  copyAllowed(template.content, target, 0);
}

function copyAllowed(from, to, depth) {
  for (var node = from.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3) {
      to.appendChild(document.createTextNode(node.data));
      continue;
    }
    if (node.nodeType !== 1 || depth > 40 || CAPTION_DROPPED[node.localName]) continue;
    var allowed = node.namespaceURI === HTML_NS && Object.prototype.hasOwnProperty.call(CAPTION_TAGS, node.localName)
      ? CAPTION_TAGS[node.localName] : null;
    if (!allowed) {
      copyAllowed(node, to, depth + 1);  // unknown elements give their text
      continue;
    }
    var copy = document.createElement(node.localName);
    allowed.forEach(function (name) {
      var value = node.getAttribute(name);
      if (value === null) return;
      if (name === 'href') {
        var link = safeLink(value);
        if (link !== null) {
          copy.setAttribute('href', link);
          copy.setAttribute('rel', 'noopener noreferrer');
        }
      } else if (name === 'style') {
        var colour = colourOf(value);
        if (colour) copy.style.color = colour;  // the object model: no style attribute for the policy to refuse
      } else if (name === 'start') {
        if (/^-?[0-9]{1,9}$/.test(value)) copy.setAttribute('start', value);
      } else {
        copy.setAttribute(name, value);
      }
    });
    copyAllowed(node, copy, depth + 1);
    to.appendChild(copy);
  }
}

// A caption: plain text as text, markup as the sanitised HTML, custom JSON handed to the
// site's listener only when one is registered.
function renderCaption(caption, target) {
  if (!caption || typeof caption !== 'object' || !target) return;
  if (caption.style === 'markup' && typeof caption.markup === 'string') {
    importMarkup(caption.markup, target);
  } else if (caption.style === 'custom') {
    if (customCaptionHook && caption.custom !== undefined) {
      target.dispatchEvent(new CustomEvent('vitrine:caption', { bubbles: true, detail: caption.custom }));
    }
  } else if (typeof caption.text === 'string') {
    caption.text.split(/\n{2,}/).forEach(function (paragraph) { make('p', 'plain', target).textContent = paragraph; });
  }
}

"""#
}
