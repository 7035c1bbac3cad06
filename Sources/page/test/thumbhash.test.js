import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { bmpDataURL, decodeThumbHash, thumbHashBytes } from '../src/thumbhash.js';

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

describe('the placeholder as a BMP', () => {
  test('a top-down 32-bit BMP with channel masks: the pixels as BGRA, alpha kept', () => {
    const rgba = Uint8ClampedArray.of(255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120);
    const url = bmpDataURL(3, 2, rgba);
    assert.ok(url.startsWith('data:image/bmp;base64,'));
    const bytes = Buffer.from(url.slice('data:image/bmp;base64,'.length), 'base64');
    assert.equal(bytes.toString('latin1', 0, 2), 'BM');
    assert.equal(bytes.readUInt32LE(2), bytes.length);
    const pixels = bytes.readUInt32LE(10);
    assert.equal(bytes.length, pixels + 24);
    assert.equal(bytes.readUInt32LE(14), 108, 'BITMAPV4HEADER');
    assert.deepEqual([bytes.readInt32LE(18), bytes.readInt32LE(22)], [3, -2], 'rows from the top');
    assert.deepEqual([bytes.readUInt16LE(26), bytes.readUInt16LE(28), bytes.readUInt32LE(30)], [1, 32, 3]);
    assert.deepEqual(
      [54, 58, 62, 66].map((at) => bytes.readUInt32LE(at)),
      [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000],
    );
    assert.deepEqual([...bytes.subarray(pixels, pixels + 8)], [0, 0, 255, 255, 0, 255, 0, 128]);
    assert.deepEqual([...bytes.subarray(pixels + 20, pixels + 24)], [110, 100, 90, 120]);
  });
});
