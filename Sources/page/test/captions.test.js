import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { colourOf, decodeEntities, importMarkup, renderCaption, safeLink } from '../src/captions.js';
import { elementsOf, FakeDocument, serialize } from './fake-dom.js';

globalThis.CustomEvent ??= class extends Event {
  constructor(type, init = {}) {
    super(type, init);
    this.detail = init.detail;
  }
};

function markup(text) {
  const target = new FakeDocument().createElement('div');
  importMarkup(text, target);
  return target;
}

const ALLOWED = new Set([
  'div',
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'del',
  'sub',
  'sup',
  'small',
  'code',
  'span',
  'br',
  'p',
  'ul',
  'ol',
]);
for (const name of ['li', 'blockquote', 'pre', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']) ALLOWED.add(name);

describe('caption markup', () => {
  test("vitrine's sanitised markup is built as the same elements", () => {
    const html = '<p>In <b>Rome</b> &amp; <a href="https://example.org/?a=1&amp;b=2" title="x">here</a><br>next</p>';
    assert.equal(
      serialize(markup(html)),
      '<div><p>In <b>Rome</b> &amp; <a href="https://example.org/?a=1&amp;b=2" rel="noopener noreferrer" title="x">here</a><br></br>next</p></div>',
    );
  });

  test('elements off the list go, their text stays text', () => {
    const target = markup('<script>alert(1)</script><img src="x" onerror="alert(2)"><iframe src="y"></iframe><style>p{}</style>ok');
    assert.deepEqual(
      elementsOf(target).map((element) => element.localName),
      ['div'],
    );
    assert.equal(target.textContent, 'alert(1)p{}ok');
  });

  test('event handler and unknown attributes go', () => {
    const target = markup('<b onclick="alert(1)" class="x" id="y">b</b><a href="/" onmouseover="z" target="_top">a</a>');
    for (const element of elementsOf(target)) {
      for (const name of element.attributes.keys()) assert.ok(['href', 'rel', 'title', 'start'].includes(name), name);
    }
  });

  test('links: relative, http(s) and mailto kept; other schemes and hidden ones dropped', () => {
    for (const good of ['https://a.example/', 'http://a.example/x', 'mailto:a@b.example', '/path', 'page.html#top', '?q=1']) {
      assert.equal(safeLink(good), good);
    }
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:x',
      'data:text/html,x',
      'vbscript:x',
      'java\tscript:x',
      ' javascript:x ',
      'java\u0000script:x',
    ]) {
      assert.equal(safeLink(bad), null, bad);
    }
    const target = markup('<a href="javascript:alert(1)">x</a><a href="&#106;avascript:alert(1)">y</a>');
    for (const link of target.children) assert.equal(link.getAttribute('href'), null);
  });

  test('style keeps a colour only, set through the object model', () => {
    assert.equal(colourOf('color: #ff0000'), '#ff0000');
    assert.equal(colourOf('color:red;'), 'red');
    assert.equal(colourOf('color: red; background: url(x)'), null);
    assert.equal(colourOf('color: expression(alert(1))'), null);
    const span = markup('<span style="color: #0a0">g</span><span style="background: url(javascript:x)">h</span>').children;
    assert.equal(span[0].style.color, '#0a0');
    assert.equal(span[0].getAttribute('style'), null, 'never a style attribute');
    assert.equal(span[1].style.color, undefined);
  });

  test('ol start takes a number only', () => {
    const lists = markup('<ol start="3"></ol><ol start="3; x"></ol>').children;
    assert.equal(lists[0].getAttribute('start'), '3');
    assert.equal(lists[1].getAttribute('start'), null);
  });

  test('entities decode to text, never to markup', () => {
    assert.equal(decodeEntities('&lt;b&gt; &#60;i&#62; &#x3c;u&#x3E; &quot;&apos;&nbsp;&amp;'), '<b> <i> <u> "\'\u00a0&');
    assert.equal(decodeEntities('&unknown; &#0; &#xD800; &#x110000;'), '&unknown; &#0; &#xD800; &#x110000;');
    const target = markup('&lt;script&gt;alert(1)&lt;/script&gt;');
    assert.equal(target.children.length, 0);
    assert.equal(serialize(target), '<div>&lt;script&gt;alert(1)&lt;/script&gt;</div>');
  });

  test('closing tags close the nearest open element of that name; stray ones are ignored', () => {
    assert.equal(serialize(markup('<b>one<i>two</b>three')), '<div><b>one<i>two</i></b>three</div>');
    assert.equal(serialize(markup('</p>text</b>')), '<div>text</div>');
  });

  test('deep nesting is flattened, not followed forever', () => {
    const target = markup('<b>'.repeat(1000));
    let depth = 0;
    for (let node = target; node.children.length; node = node.children.at(-1)) depth++;
    assert.ok(depth <= 40, String(depth));
  });

  test('plain captions are paragraphs of text', () => {
    const target = new FakeDocument().createElement('figcaption');
    renderCaption({ style: 'plain', text: 'one <b>\n\ntwo &amp;\nthree' }, target);
    assert.equal(serialize(target), '<figcaption><p class="plain">one &lt;b&gt;</p><p class="plain">two &amp;amp;\nthree</p></figcaption>');
  });

  test('custom captions go to the site listener only when there is one', () => {
    const quiet = new FakeDocument().createElement('figcaption');
    renderCaption({ style: 'custom', custom: { a: 1 } }, quiet);
    assert.equal(quiet.events.length, 0);
    const listening = new FakeDocument({ customCaptions: true }).createElement('figcaption');
    renderCaption({ style: 'custom', custom: { a: 1 } }, listening);
    assert.equal(listening.events.length, 1);
    assert.deepEqual(listening.events[0].detail, { a: 1 });
    assert.equal(listening.childNodes.length, 0, 'nothing of it is shown');
  });

  test('no caption, or a caption of the wrong shape, shows nothing', () => {
    const target = new FakeDocument().createElement('div');
    for (const caption of [null, undefined, 'text', 3, { style: 'markup' }, { text: 7 }]) renderCaption(caption, target);
    assert.equal(target.childNodes.length, 0);
  });

  test('every element built is on the list', () => {
    const target = markup(
      '<h1>a</h1><pre>b</pre><blockquote><ul><li>c</li></ul></blockquote><table><tr><td>d</td></tr></table><svg><x></x></svg>',
    );
    for (const element of elementsOf(target)) assert.ok(ALLOWED.has(element.localName), element.localName);
  });
});
