// ThumbHash (Evan Wallace's format): the average colour, an aspect ratio, and a few cosine
// terms of a luminance, two colour and an optional alpha channel, at most 32 pixels a side.
import { make } from './dom.js';

export function thumbHashBytes(base64) {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

// The picture a hash holds: { width, height, rgba }.
export function decodeThumbHash(hash) {
  const head = hash[0] | (hash[1] << 8) | (hash[2] << 16);
  const tail = hash[3] | (hash[4] << 8);
  const alpha = (head >> 23) & 1;
  const landscape = (tail >> 15) & 1;
  const storedX = landscape ? (alpha ? 5 : 7) : tail & 7;
  const storedY = landscape ? tail & 7 : alpha ? 5 : 7;
  const lx = Math.max(3, storedX);
  const ly = Math.max(3, storedY);
  let nibble = 0;
  const first = alpha ? 6 : 5;
  function terms(nx, ny, scale) {
    const list = [];
    for (let cy = 0; cy < ny; cy++) {
      for (let cx = cy ? 0 : 1; cx * ny < nx * (ny - cy); cx++) {
        const value = (hash[first + (nibble >> 1)] >> ((nibble & 1) << 2)) & 15;
        nibble++;
        list.push([cx, cy, (value / 7.5 - 1) * scale]);
      }
    }
    return list;
  }
  // Colour terms are stored shrunk: 1.25 gives back their saturation.
  const channels = [
    { base: (head & 63) / 63, terms: terms(lx, ly, ((head >> 18) & 31) / 31) },
    { base: ((head >> 6) & 63) / 31.5 - 1, terms: terms(3, 3, (((tail >> 3) & 63) / 63) * 1.25) },
    { base: ((head >> 12) & 63) / 31.5 - 1, terms: terms(3, 3, (((tail >> 9) & 63) / 63) * 1.25) },
    { base: alpha ? (hash[5] & 15) / 15 : 1, terms: alpha ? terms(5, 5, (hash[5] >> 4) / 15) : [] },
  ];
  const ratio = storedX / storedY;
  const width = Math.round(ratio > 1 ? 32 : 32 * ratio);
  const height = Math.round(ratio > 1 ? 32 / ratio : 32);
  const rgba = new Uint8ClampedArray(width * height * 4);
  const values = [0, 0, 0, 0];
  // The cosines by term and place, each computed once (not per pixel, channel and term).
  const across = cosines(width, Math.max(lx, 5));
  const down = cosines(height, Math.max(ly, 5));
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 4) {
      for (let c = 0; c < 4; c++) {
        let sum = channels[c].base;
        for (const term of channels[c].terms) {
          sum += term[2] * across[term[0] * width + x] * down[term[1] * height + y] * 2;
        }
        values[c] = sum;
      }
      const l = values[0];
      const p = values[1];
      const q = values[2];
      const b = l - (2 / 3) * p;
      const r = (3 * l - b + q) / 2;
      const g = r - q;
      rgba[i] = Math.max(0, Math.min(1, r) * 255);
      rgba[i + 1] = Math.max(0, Math.min(1, g) * 255);
      rgba[i + 2] = Math.max(0, Math.min(1, b) * 255);
      rgba[i + 3] = Math.max(0, Math.min(1, values[3]) * 255);
    }
  }
  return { width, height, rgba };
}

// cos(π / size · (place + ½) · n) for each n below `count` and each place below `size`, by n.
function cosines(size, count) {
  const table = new Float64Array(size * count);
  for (let n = 0; n < count; n++) {
    for (let place = 0; place < size; place++) table[n * size + place] = Math.cos((Math.PI / size) * (place + 0.5) * n);
  }
  return table;
}

// An image of the item's placeholder, or null when it has none (or a BlurHash): a BMP of its
// pixels as a data URL, drawn at once (`loaded`), where a canvas would take a 2D context of its
// own for each cell drawn (more memory and time a screen of cells).
export function placeholderImage(item, className) {
  const hash = item.placeholder;
  if (typeof hash !== 'string') return null;
  try {
    const { width, height, rgba } = decodeThumbHash(thumbHashBytes(hash));
    const image = make('img', className);
    image.classList.add('loaded');
    image.alt = '';
    image.setAttribute('aria-hidden', 'true');
    image.src = bmpDataURL(width, height, rgba);
    return image;
  } catch {
    return null;
  }
}

// Bytes of a BMP's headers: file header (14) and BITMAPV4HEADER (108), the pixels right after.
const BMP_HEADERS = 122;

// A top-down 32-bit BMP (BITMAPV4HEADER with channel masks, so that alpha is read) of `rgba`
// (width × height pixels, 4 bytes each), as a data URL.
export function bmpDataURL(width, height, rgba) {
  const bytes = new Uint8Array(BMP_HEADERS + rgba.length);
  const header = new DataView(bytes.buffer);
  bytes.set([66, 77]); // "BM"
  header.setUint32(2, bytes.length, true);
  header.setUint32(10, BMP_HEADERS, true);
  header.setUint32(14, BMP_HEADERS - 14, true);
  header.setInt32(18, width, true);
  // A negative height: the rows go from the top.
  header.setInt32(22, -height, true);
  header.setUint16(26, 1, true);
  header.setUint16(28, 32, true);
  // BI_BITFIELDS: red, green, blue and alpha masks follow the sizes.
  header.setUint32(30, 3, true);
  header.setUint32(34, rgba.length, true);
  header.setUint32(54, 0x00ff0000, true);
  header.setUint32(58, 0x0000ff00, true);
  header.setUint32(62, 0x000000ff, true);
  header.setUint32(66, 0xff000000, true);
  // The colour space: sRGB ("sRGB" as a little-endian number).
  header.setUint32(70, 0x73524742, true);
  for (let at = 0; at < rgba.length; at += 4) {
    const out = BMP_HEADERS + at;
    bytes[out] = rgba[at + 2];
    bytes[out + 1] = rgba[at + 1];
    bytes[out + 2] = rgba[at];
    bytes[out + 3] = rgba[at + 3];
  }
  let text = '';
  for (let at = 0; at < bytes.length; at += 8192) text += String.fromCharCode(...bytes.subarray(at, at + 8192));
  return `data:image/bmp;base64,${btoa(text)}`;
}
