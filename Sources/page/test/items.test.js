import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { aspectOf, cellLabel, counterText, countText, renditionSet, siteURL, describe as words } from '../src/items.js';

describe('items', () => {
  test('siteURL escapes each segment and keeps the slashes', () => {
    assert.equal(siteURL('thumbs/a b#c?d.jpg'), 'thumbs/a%20b%23c%3Fd.jpg');
    assert.equal(siteURL('100%.jpg'), '100%25.jpg');
    assert.equal(siteURL('javascript:alert(1)'), 'javascript%3Aalert(1)', 'no segment reads as a scheme');
    assert.equal(siteURL('caf\u00e9.jpg'), 'caf%C3%A9.jpg');
  });

  test('siteURL refuses absolute paths, .., backslashes and non-strings', () => {
    for (const path of ['/etc/passwd', 'a/../b', '..', 'a\\b', '', null, undefined, 3, {}]) assert.equal(siteURL(path), null, String(path));
  });

  test('renditionSet lists usable renditions, smallest and largest', () => {
    const item = {
      renditions: [
        { path: 'thumbs/b.jpg', width: 1024 },
        { path: 'thumbs/a.jpg', width: 256 },
        { path: '../x.jpg', width: 10 },
        { path: 'thumbs/c.jpg' },
        null,
      ],
    };
    assert.deepEqual(renditionSet(item), {
      srcset: 'thumbs/b.jpg 1024w, thumbs/a.jpg 256w',
      smallest: 'thumbs/a.jpg',
      largest: 'thumbs/b.jpg',
    });
    assert.equal(renditionSet({}), null);
    assert.equal(renditionSet({ renditions: 'x' }), null);
  });

  test('a cell says what its badges show', () => {
    assert.equal(cellLabel({ alt: 'The Forum', durationLabel: '0:04' }), 'The Forum, video, 0:04');
    assert.equal(cellLabel({ name: 'IMG.JPG', motion: [{}], selection: 3 }), 'IMG.JPG, live photo, selected 3');
    assert.equal(cellLabel({}), '');
  });

  test('words, counters, counts and aspect', () => {
    assert.equal(words({ alt: 'a' }), 'a');
    assert.equal(words({ alt: 3 }), '');
    assert.equal(counterText({ position: '7 of 9' }, 0, 2), '7 of 9');
    assert.equal(counterText({}, 0, 2), '1 of 2');
    assert.equal(countText(1), '1 item');
    assert.equal(countText(150000), '150000 items');
    assert.equal(aspectOf({ width: 400, height: 200 }), 2);
    assert.equal(aspectOf({ width: 400, height: 0 }), 1);
    assert.equal(aspectOf({}), 1);
  });
});
