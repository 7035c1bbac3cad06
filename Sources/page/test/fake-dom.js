// A document small enough to run the page's element-building code in node: elements with
// children, attributes, a style object and text, and a serialiser that escapes as a browser
// does, so that tests can see that text stays text.

export class FakeNode {
  constructor(document) {
    this.ownerDocument = document;
    this.parentNode = null;
  }
}

export class FakeText extends FakeNode {
  constructor(document, data) {
    super(document);
    this.data = String(data);
  }
  get textContent() {
    return this.data;
  }
}

export class FakeElement extends FakeNode {
  constructor(document, name) {
    super(document);
    this.localName = name;
    this.childNodes = [];
    this.attributes = new Map();
    this.style = {};
    this.events = [];
    this.className = '';
  }
  appendChild(child) {
    child.parentNode = this;
    this.childNodes.push(child);
    return child;
  }
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }
  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }
  hasAttribute(name) {
    return this.attributes.has(name);
  }
  dispatchEvent(event) {
    this.events.push(event);
    return true;
  }
  get textContent() {
    return this.childNodes.map((child) => child.textContent).join('');
  }
  set textContent(text) {
    this.childNodes = [new FakeText(this.ownerDocument, text)];
  }
  get children() {
    return this.childNodes.filter((child) => child instanceof FakeElement);
  }
}

export class FakeDocument {
  constructor({ customCaptions = false } = {}) {
    this.documentElement = new FakeElement(this, 'html');
    if (customCaptions) this.documentElement.setAttribute('data-vitrine-custom-captions', '');
  }
  createElement(name) {
    return new FakeElement(this, name);
  }
  createTextNode(data) {
    return new FakeText(this, data);
  }
}

const escapes = new Map([
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['"', '&quot;'],
  ['\u00a0', '&nbsp;'],
]);

function escapeText(text) {
  return text.replace(/[&<>"\u00a0]/g, (character) => escapes.get(character));
}

// The node as markup, as a browser's serialiser writes it (class and style shown as attributes).
export function serialize(node) {
  if (node instanceof FakeText) return escapeText(node.data);
  const attributes = [...node.attributes].map(([name, value]) => ` ${name}="${escapeText(value)}"`);
  if (node.className) attributes.unshift(` class="${escapeText(node.className)}"`);
  if (node.style.color) attributes.push(` style="color: ${escapeText(node.style.color)}"`);
  const inner = node.childNodes.map(serialize).join('');
  return `<${node.localName}${attributes.join('')}>${inner}</${node.localName}>`;
}

// Every element below `node` (itself included), depth first.
export function elementsOf(node) {
  return [node, ...node.children.flatMap(elementsOf)];
}
