// Captions: plain text as text, markup built as elements of an allowlist, custom JSON handed to
// the site's own listener. Everything is made through the target's document, never parsed as HTML.

// Elements and attributes a caption's markup may hold: vitrine's own sanitiser wrote it, and
// the page checks again (a manifest is data anyone can edit).
const CAPTION_TAGS = new Map(
  Object.entries({
    a: ['href', 'title'],
    b: [],
    strong: [],
    i: [],
    em: [],
    u: [],
    s: [],
    del: [],
    sub: [],
    sup: [],
    small: [],
    code: [],
    span: ['style'],
    br: [],
    p: [],
    ul: [],
    ol: ['start'],
    li: [],
    blockquote: [],
    pre: [],
    hr: [],
    h1: [],
    h2: [],
    h3: [],
    h4: [],
    h5: [],
    h6: [],
  }),
);
const VOID_TAGS = new Set(['br', 'hr']);
const ENTITIES = new Map(Object.entries({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }));
// How deep markup may nest before further elements are flattened into their parent.
const MAXIMUM_DEPTH = 40;

// A link's target when it is safe: relative, http(s) or mailto; null otherwise.
export function safeLink(value) {
  const url = value.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u0020]/.test(url)) return null;
  const beforePath = url.split(/[/?#]/)[0];
  if (!beforePath.includes(':')) return url;
  return /^(https?|mailto):/i.test(url) ? url : null;
}

// The colour of a `style="color: …"`, the only style a caption keeps.
export function colourOf(style) {
  const match = /^\s*color\s*:\s*(#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]{1,24})\s*;?\s*$/i.exec(style);
  return match ? match[1] : null;
}

export function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, body) => {
    if (!body.startsWith('#')) return ENTITIES.has(body) ? ENTITIES.get(body) : whole;
    const hex = body[1] === 'x' || body[1] === 'X';
    const code = hex ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

// Builds the markup vitrine's sanitiser writes (lower-case tags, double-quoted attributes,
// entities) as elements of the allowlist, without the browser's HTML parser: nothing in it is
// parsed as live HTML, and a colour is set through the object model, so that the policy's
// ban on style attributes is never met. Anything else reads as text; unknown tags go.
export function importMarkup(markup, target) {
  const document = target.ownerDocument;
  const stack = [target];
  let last = 0;
  const text = (raw) => {
    if (raw) stack[stack.length - 1].appendChild(document.createTextNode(decodeEntities(raw)));
  };
  for (const match of markup.matchAll(/<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+="[^"<>]*")*)\s*(\/?)>/g)) {
    text(markup.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[2];
    if (!CAPTION_TAGS.has(name)) continue;
    if (match[1]) {
      for (let depth = stack.length - 1; depth > 0; depth--) {
        if (stack[depth].localName === name) {
          stack.length = depth;
          break;
        }
      }
      continue;
    }
    const element = document.createElement(name);
    for (const attribute of match[3].matchAll(/([a-z-]+)="([^"]*)"/g)) {
      allowAttribute(element, attribute[1], decodeEntities(attribute[2]));
    }
    stack[stack.length - 1].appendChild(element);
    if (!VOID_TAGS.has(name) && !match[4] && stack.length < MAXIMUM_DEPTH) stack.push(element);
  }
  text(markup.slice(last));
}

function allowAttribute(element, name, value) {
  if (!CAPTION_TAGS.get(element.localName).includes(name)) return;
  if (name === 'href') {
    const link = safeLink(value);
    if (link === null) return;
    element.setAttribute('href', link);
    element.setAttribute('rel', 'noopener noreferrer');
  } else if (name === 'style') {
    const colour = colourOf(value);
    if (colour) element.style.color = colour;
  } else if (name === 'start') {
    if (/^-?[0-9]{1,9}$/.test(value)) element.setAttribute('start', value);
  } else {
    element.setAttribute(name, value);
  }
}

// A caption into `target`: plain text as paragraphs of text, markup as the sanitised elements,
// custom JSON handed to the site's listener only when the site says it has one
// (data-vitrine-custom-captions on <html>), never evaluated.
export function renderCaption(caption, target) {
  if (!caption || typeof caption !== 'object' || !target) return;
  const document = target.ownerDocument;
  if (caption.style === 'markup' && typeof caption.markup === 'string') {
    importMarkup(caption.markup, target);
  } else if (caption.style === 'custom') {
    const listening = document.documentElement.hasAttribute('data-vitrine-custom-captions');
    if (listening && caption.custom !== undefined) {
      target.dispatchEvent(new CustomEvent('vitrine:caption', { bubbles: true, detail: caption.custom }));
    }
  } else if (typeof caption.text === 'string') {
    for (const paragraph of caption.text.split(/\n{2,}/)) {
      const element = document.createElement('p');
      element.className = 'plain';
      element.textContent = paragraph;
      target.appendChild(element);
    }
  }
}
