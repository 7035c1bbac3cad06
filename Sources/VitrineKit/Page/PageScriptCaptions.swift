/// The gallery page's script: captions, their markup built as elements of an allowlist.
extension PageScript {
    static let captions = #"""
// Elements and attributes a caption's markup may hold: vitrine's own sanitiser wrote it, and
// the page checks again (a manifest is data anyone can edit).
var CAPTION_TAGS = {
  a: ['href', 'title'], b: [], strong: [], i: [], em: [], u: [], s: [], del: [], sub: [], sup: [], small: [], code: [],
  span: ['style'], br: [], p: [], ul: [], ol: ['start'], li: [], blockquote: [], pre: [], hr: [],
  h1: [], h2: [], h3: [], h4: [], h5: [], h6: []
};

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

var VOID_TAGS = { br: 1, hr: 1 };
var ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, function (whole, body) {
    if (body.charAt(0) !== '#') return Object.prototype.hasOwnProperty.call(ENTITIES, body) ? ENTITIES[body] : whole;
    var code = body.charAt(1) === 'x' || body.charAt(1) === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

// Builds the markup vitrine's sanitiser writes (lower-case tags, double-quoted attributes,
// entities) as elements of the allowlist, without the browser's HTML parser: nothing in it is
// parsed as live HTML, and a colour is set through the object model, so that the policy's
// ban on style attributes is never met. Anything else reads as text; unknown tags go.
function importMarkup(markup, target) {
  var stack = [target], last = 0, match;
  var tag = /<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+="[^"<>]*")*)\s*(\/?)>/g;
  function text(raw) { if (raw) stack[stack.length - 1].appendChild(document.createTextNode(decodeEntities(raw))); }
  while ((match = tag.exec(markup))) {
    text(markup.slice(last, match.index));
    last = tag.lastIndex;
    var name = match[2];
    if (!Object.prototype.hasOwnProperty.call(CAPTION_TAGS, name)) continue;
    if (match[1]) {
      for (var depth = stack.length - 1; depth > 0; depth--) {
        if (stack[depth].localName === name) { stack.length = depth; break; }
      }
      continue;
    }
    var element = document.createElement(name), attribute, attributes = /([a-z-]+)="([^"]*)"/g;
    while ((attribute = attributes.exec(match[3]))) allowAttribute(element, attribute[1], decodeEntities(attribute[2]));
    stack[stack.length - 1].appendChild(element);
    if (!VOID_TAGS[name] && !match[4] && stack.length < 40) stack.push(element);
  }
  text(markup.slice(last));
}

function allowAttribute(element, name, value) {
  if (CAPTION_TAGS[element.localName].indexOf(name) < 0) return;
  if (name === 'href') {
    var link = safeLink(value);
    if (link === null) return;
    element.setAttribute('href', link);
    element.setAttribute('rel', 'noopener noreferrer');
  } else if (name === 'style') {
    var colour = colourOf(value);
    if (colour) element.style.color = colour;
  } else if (name === 'start') {
    if (/^-?[0-9]{1,9}$/.test(value)) element.setAttribute('start', value);
  } else {
    element.setAttribute(name, value);
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
