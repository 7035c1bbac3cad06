// The compact codes of the search index's pieces (since format 2, written by vitrine's SearchCode):
// numbers and sets of numbers as base-64 digits inside JSON strings. They stay strings until
// needed: a set is read where it is (a bitmap is looked up in place), rows are found by a
// binary search and decoded one at a time.
//
// - varint: groups of 5 bits, most significant first, every group but the last as digit 32 + group.
// - set: "~" then digits of 6 numbers each (bit b of digit j: number 6j + b), or the varints of
//   the first number and of each gap less one.
// - fixed(w): a number in exactly w digits.

export const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BITMAP_MARK = '~';
// A character code's digit value, -1 for a character that is no digit.
const VALUES = new Int8Array(128).fill(-1);
for (let at = 0; at < DIGITS.length; at++) VALUES[DIGITS.charCodeAt(at)] = at;

const valueAt = (text, at) => {
  const code = text.charCodeAt(at);
  return code < 128 ? VALUES[code] : -1;
};

// Reads the varint at `cursor.at` in `text` and moves the cursor past it; a broken or missing
// varint reads as what was read of it.
export function readVarint(text, cursor) {
  let value = 0;
  while (cursor.at < text.length) {
    const digit = valueAt(text, cursor.at++);
    if (digit < 0) break;
    if (digit < 32) return value * 32 + digit;
    value = value * 32 + digit - 32;
  }
  return value;
}

// Every varint of `text`, in order.
export function varints(text) {
  const list = [];
  const cursor = { at: 0 };
  while (typeof text === 'string' && cursor.at < text.length) list.push(readVarint(text, cursor));
  return list;
}

// The number written in `width` digits at `at` of `text` (width 0: 0).
export function fixedAt(text, at, width) {
  let value = 0;
  for (let place = 0; place < width; place++) value = value * 64 + Math.max(0, valueAt(text, at + place));
  return value;
}

const bitCount = (digit) =>
  (digit & 1) + ((digit >> 1) & 1) + ((digit >> 2) & 1) + ((digit >> 3) & 1) + ((digit >> 4) & 1) + ((digit >> 5) & 1);

// A set's numbers, ascending, in an Int32Array (a bitmap is better read in place: numberSet).
export function decodeSet(code) {
  const text = typeof code === 'string' ? code : '';
  if (text.startsWith(BITMAP_MARK)) {
    let size = 0;
    for (let at = 1; at < text.length; at++) size += bitCount(Math.max(0, valueAt(text, at)));
    const numbers = new Int32Array(size);
    let next = 0;
    for (let at = 1; at < text.length; at++) {
      const digit = Math.max(0, valueAt(text, at));
      for (let bit = 0; bit < 6; bit++) if (digit & (1 << bit)) numbers[next++] = 6 * (at - 1) + bit;
    }
    return numbers;
  }
  // Each varint ends with the one digit of it below 32.
  let size = 0;
  for (let at = 0; at < text.length; at++) if (valueAt(text, at) < 32) size += 1;
  const numbers = new Int32Array(size);
  const cursor = { at: 0 };
  let previous = -1;
  for (let next = 0; next < size; next++) {
    previous += readVarint(text, cursor) + 1;
    numbers[next] = previous;
  }
  return numbers;
}

// The position of `number` in `sorted` (ascending), or -1.
export function positionIn(sorted, number) {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = sorted[middle];
    if (value === number) return middle;
    if (value < number) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

// A set as the search uses it: { size, last, has(number), forEach(callback), raise(values, value) }
// (ascending). A bitmap stays its string; the gaps are decoded once, when first needed.
// `raise` lifts values[number] to at least `value` for each number of the set, in a loop of its
// own: a word of most of a large gallery marks that many items, where a callback for each, one
// of several the engine sees there, is not inlined.
export function numberSet(code) {
  const text = typeof code === 'string' ? code : '';
  if (text.startsWith(BITMAP_MARK)) return bitmapSet(text);
  let numbers = null;
  const sorted = () => {
    if (!numbers) numbers = decodeSet(text);
    return numbers;
  };
  return {
    get size() {
      return sorted().length;
    },
    get last() {
      const list = sorted();
      return list.length ? list[list.length - 1] : -1;
    },
    has: (number) => positionIn(sorted(), number) >= 0,
    forEach(callback) {
      for (const number of sorted()) callback(number);
    },
    raise(values, value) {
      const list = sorted();
      for (let at = 0; at < list.length; at++) if (values[list[at]] < value) values[list[at]] = value;
    },
  };
}

function bitmapSet(text) {
  let size = -1;
  return {
    get size() {
      if (size < 0) {
        size = 0;
        for (let at = 1; at < text.length; at++) size += bitCount(Math.max(0, valueAt(text, at)));
      }
      return size;
    },
    get last() {
      for (let at = text.length - 1; at >= 1; at--) {
        const digit = Math.max(0, valueAt(text, at));
        for (let bit = 5; bit >= 0; bit--) if (digit & (1 << bit)) return 6 * (at - 1) + bit;
      }
      return -1;
    },
    has(number) {
      const at = 1 + Math.floor(number / 6);
      return number >= 0 && at < text.length && (Math.max(0, valueAt(text, at)) & (1 << (number % 6))) !== 0;
    },
    forEach(callback) {
      for (let at = 1; at < text.length; at++) {
        const digit = Math.max(0, valueAt(text, at));
        if (digit) for (let bit = 0; bit < 6; bit++) if (digit & (1 << bit)) callback(6 * (at - 1) + bit);
      }
    },
    raise(values, value) {
      for (let at = 1; at < text.length; at++) {
        const digit = Math.max(0, valueAt(text, at));
        if (!digit) continue;
        const first = 6 * (at - 1);
        for (let bit = 0; bit < 6; bit++) if (digit & (1 << bit) && values[first + bit] < value) values[first + bit] = value;
      }
    },
  };
}

// The columns of a row, in order, and the widths of search/index.js's `widths` they take.
export const ROW_COLUMNS = ['album', 'date', 'camera', 'lens', 'kind'];

// The rows of a piece ({ n, f, k }) as a table: { numbers (Int32Array), positionOf(number),
// value(position, column), keywords(position, callback) }; a row's column values are table
// indices + 1 (0: none), its rating 0–5. Its keyword offsets are found once, when first needed.
export function rowTable(rows, widths) {
  const numbers = decodeSet(rows?.n);
  const fixed = typeof rows?.f === 'string' ? rows.f : '';
  const keywords = typeof rows?.k === 'string' ? rows.k : '';
  const offsets = {};
  let width = 1;
  for (const column of ROW_COLUMNS) {
    offsets[column] = width - 1;
    width += Math.max(0, Number(widths?.[column]) || 0);
  }
  offsets.rating = width - 1;
  const columnWidth = (column) => (column === 'rating' ? 1 : Math.max(0, Number(widths?.[column]) || 0));
  let keywordStarts = null;
  const keywordStart = (position) => {
    if (!keywordStarts) keywordStarts = keywordOffsets(keywords, numbers.length);
    return keywordStarts[position];
  };
  return {
    numbers,
    positionOf: (number) => positionIn(numbers, number),
    value: (position, column) => fixedAt(fixed, position * width + offsets[column], columnWidth(column)),
    keywords(position, callback) {
      const cursor = { at: keywordStart(position) };
      const count = readVarint(keywords, cursor);
      for (let each = 0; each < count && cursor.at < keywords.length; each++) callback(readVarint(keywords, cursor));
    },
  };
}

function keywordOffsets(text, count) {
  const starts = new Int32Array(count);
  const cursor = { at: 0 };
  for (let position = 0; position < count; position++) {
    starts[position] = cursor.at;
    const many = readVarint(text, cursor);
    for (let each = 0; each < many && cursor.at < text.length; each++) readVarint(text, cursor);
  }
  return starts;
}
