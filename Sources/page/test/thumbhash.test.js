import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { decodeThumbHash, thumbHashBytes } from '../src/thumbhash.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/thumbhash-vectors.json', import.meta.url), 'utf8'));

describe("ThumbHash decoding against the Swift encoder's hashes", () => {
  for (const vector of fixture.vectors) {
    test(`${vector.name} (${vector.pictureSize.join('×')}): the reference decoder's pixels, within 1`, () => {
      const decoded = decodeThumbHash(thumbHashBytes(vector.thumbhash));
      assert.deepEqual([decoded.width, decoded.height], [vector.width, vector.height]);
      const reference = Buffer.from(vector.rgba, 'base64');
      assert.equal(decoded.rgba.length, reference.length);
      let largest = 0;
      for (let i = 0; i < reference.length; i++) largest = Math.max(largest, Math.abs(decoded.rgba[i] - reference[i]));
      assert.ok(largest <= 1, `largest difference ${largest}`);
    });
  }

  test('the aspect ratio follows the picture', () => {
    for (const vector of fixture.vectors) {
      const [width, height] = vector.pictureSize;
      const decoded = decodeThumbHash(thumbHashBytes(vector.thumbhash));
      assert.equal(decoded.width >= decoded.height, width >= height, vector.name);
      assert.ok(Math.max(decoded.width, decoded.height) === 32, vector.name);
    }
  });

  test('a transparent picture keeps its transparent corners', () => {
    const vector = fixture.vectors.find((entry) => entry.name === 'alpha-disc');
    const decoded = decodeThumbHash(thumbHashBytes(vector.thumbhash));
    assert.ok(decoded.rgba[3] < 128, `corner alpha ${decoded.rgba[3]}`);
    const centre = ((decoded.height >> 1) * decoded.width + (decoded.width >> 1)) * 4;
    assert.ok(decoded.rgba[centre + 3] > 200, `centre alpha ${decoded.rgba[centre + 3]}`);
  });

  test('bytes of base64', () => {
    assert.deepEqual([...thumbHashBytes('AAEC/w==')], [0, 1, 2, 255]);
    assert.throws(() => thumbHashBytes('not base64!'));
  });
});
