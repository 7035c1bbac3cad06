// What the page reads of an item: URLs of its files, its shape, and the words it is shown with.
import { isNumber } from './util.js';

// A relative path of the manifest as a URL relative to this page: each segment escaped, so
// that a name with '#', '?', ':' or '%' is still that file; absolute paths and '..' are refused.
export function siteURL(path) {
  if (typeof path !== 'string' || path === '' || path.startsWith('/') || path.includes('\\')) return null;
  const parts = path.split('/');
  if (parts.includes('..')) return null;
  // ':' escaped too: no segment can read as a scheme.
  return parts.map((part) => encodeURIComponent(part)).join('/');
}

export function aspectOf(item) {
  return isNumber(item.width) && isNumber(item.height) && item.height > 0 ? item.width / item.height : 1;
}

// What a picture is, in words: vitrine's alt text (title, caption's first line, file name).
export function describe(item) {
  return typeof item.alt === 'string' ? item.alt : '';
}

// The item's renditions as a srcset ("a.jpg 256w, b.jpg 512w"), the smallest and largest's URLs.
export function renditionSet(item) {
  const list = Array.isArray(item.renditions) ? item.renditions : [];
  const entries = [];
  let smallest = null;
  let largest = null;
  for (const rendition of list) {
    const url = rendition && siteURL(rendition.path);
    if (!url || !isNumber(rendition.width)) continue;
    entries.push(`${url} ${rendition.width}w`);
    if (!smallest || rendition.width < smallest.width) smallest = { url, width: rendition.width };
    if (!largest || rendition.width > largest.width) largest = { url, width: rendition.width };
  }
  return entries.length ? { srcset: entries.join(', '), smallest: smallest.url, largest: largest.url } : null;
}

// A grid cell's accessible name: the picture's words, then what its badges show.
export function cellLabel(item) {
  let words = describe(item) || item.name || '';
  if (typeof item.durationLabel === 'string') words += `, video, ${item.durationLabel}`;
  if (item.motion) words += ', live photo';
  if (isNumber(item.selection)) words += `, selected ${item.selection}`;
  return words;
}

// The viewer's counter: the item's position as vitrine wrote it, else "N of M".
export function counterText(item, index, count) {
  return typeof item.position === 'string' && item.position ? item.position : `${index + 1} of ${count}`;
}

// An album cover's count line.
export function countText(total) {
  return total + (total === 1 ? ' item' : ' items');
}
