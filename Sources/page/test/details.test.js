import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { infoRows, infoText } from '../src/details.js';

describe('info panel rows', () => {
  test('a full item, in order', () => {
    const rows = infoRows({
      name: 'IMG_1.JPG',
      takenAt: '2019-06-01T10:00:00',
      camera: { make: 'Canon', model: 'EOS 70D', lens: 'EF50mm f/1.8 II' },
      exposure: { time: '1/250', aperture: 2.8, iso: 100, focalLength: 50, focalLength35mm: 80 },
      width: 5472,
      height: 3648,
      durationLabel: '0:04',
      caption: { style: 'plain', text: 'At dawn' },
      keywords: ['rome', 'forum'],
      original: { path: 'originals/IMG 1.JPG' },
      rawOriginal: { path: 'originals/IMG_1.CR2' },
    });
    assert.deepEqual(
      rows.map((row) => [row.label, row.className, row.text ?? row.link ?? row.caption]),
      [
        ['File', 'file', 'IMG_1.JPG'],
        ['Taken', 'taken', '2019-06-01T10:00:00'],
        ['Camera', 'camera', 'Canon EOS 70D'],
        ['Lens', 'lens', 'EF50mm f/1.8 II'],
        ['Exposure', 'exposure', '1/250 s, f/2.8, ISO 100, 50 mm (80 mm in 35 mm)'],
        ['Dimensions', 'dimensions', '5472 \u00d7 3648'],
        ['Duration', 'duration', '0:04'],
        ['Caption', 'caption', { style: 'plain', text: 'At dawn' }],
        ['Keywords', 'keywords', 'rome, forum'],
        ['Original', 'original', { href: 'originals/IMG%201.JPG', text: 'Download the original' }],
        ['RAW', 'raw', { href: 'originals/IMG_1.CR2', text: 'Download the RAW file' }],
      ],
    );
  });

  test('what is absent is left out', () => {
    assert.deepEqual(infoRows({}), []);
    assert.deepEqual(
      infoRows({ name: '', width: 10, camera: {}, exposure: {}, keywords: [], caption: { style: 'plain', text: '' } }).map(
        (row) => row.label,
      ),
      [],
    );
  });

  test('older manifests: camera, lens and exposure as strings', () => {
    const rows = infoRows({ camera: 'Nikon D70', lens: '18-70mm', exposure: '1/60 s f/4' });
    assert.deepEqual(
      rows.map((row) => row.text),
      ['Nikon D70', '18-70mm', '1/60 s f/4'],
    );
  });

  test('markup in a field stays text; a download outside the site is no link', () => {
    const rows = infoRows({
      name: '<img src=x onerror=alert(1)>.jpg',
      original: { path: '../../etc/passwd' },
      rawOriginal: { path: '/abs' },
    });
    assert.deepEqual(rows, [{ label: 'File', className: 'file', text: '<img src=x onerror=alert(1)>.jpg' }]);
  });

  test('infoText: strings and numbers only', () => {
    assert.equal(infoText('a'), 'a');
    assert.equal(infoText(0), '0');
    assert.equal(infoText(''), null);
    assert.equal(infoText(Number.NaN), null);
    assert.equal(infoText({}), null);
  });
});
