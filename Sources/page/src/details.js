// What the info panel says of an item: what the manifest holds of it; what is absent is left out.
import { siteURL } from './items.js';
import { isNumber } from './util.js';

// A value as the panel shows it: a non-empty string, or a number as text; null otherwise.
export function infoText(value) {
  if (typeof value === 'string' && value) return value;
  return isNumber(value) ? String(value) : null;
}

function exposureText(exposure) {
  const parts = [];
  if (infoText(exposure.time)) parts.push(`${exposure.time} s`);
  if (isNumber(exposure.aperture)) parts.push(`f/${exposure.aperture}`);
  if (isNumber(exposure.iso)) parts.push(`ISO ${exposure.iso}`);
  if (isNumber(exposure.focalLength)) {
    const equivalent = isNumber(exposure.focalLength35mm) ? ` (${exposure.focalLength35mm} mm in 35 mm)` : '';
    parts.push(`${exposure.focalLength} mm${equivalent}`);
  }
  return parts.length ? parts.join(', ') : null;
}

// The panel's rows for `item`, in order: { label, className } and one of `text`, `caption`
// (the item's caption, rendered) or `link` ({ href, text }, a download).
export function infoRows(item) {
  const rows = [];
  const add = (label, className, row) => rows.push({ label, className, ...row });
  const text = (label, className, value) => {
    if (value !== null) add(label, className, { text: value });
  };
  text('File', 'file', infoText(item.name));
  text('Taken', 'taken', infoText(item.takenAt));
  const camera = item.camera && typeof item.camera === 'object' ? item.camera : {};
  const makeAndModel = [infoText(camera.make), infoText(camera.model)].filter(Boolean).join(' ');
  text('Camera', 'camera', infoText(makeAndModel) || infoText(item.camera));
  text('Lens', 'lens', infoText(camera.lens) || infoText(item.lens));
  const exposure = item.exposure && typeof item.exposure === 'object' ? item.exposure : null;
  text('Exposure', 'exposure', exposure ? exposureText(exposure) : infoText(item.exposure));
  text('Dimensions', 'dimensions', isNumber(item.width) && isNumber(item.height) ? `${item.width} \u00d7 ${item.height}` : null);
  text('Duration', 'duration', infoText(item.durationLabel));
  if (item.caption && (item.caption.text || item.caption.markup)) add('Caption', 'caption', { caption: item.caption });
  text('Keywords', 'keywords', Array.isArray(item.keywords) && item.keywords.length ? item.keywords.join(', ') : null);
  const downloads = [
    ['Original', 'original', item.original, 'Download the original'],
    ['RAW', 'raw', item.rawOriginal, 'Download the RAW file'],
  ];
  for (const [label, className, file, words] of downloads) {
    const href = file && typeof file === 'object' ? siteURL(file.path) : null;
    if (href) add(label, className, { link: { href, text: words } });
  }
  return rows;
}
