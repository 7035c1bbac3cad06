import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeSet, fixedAt, numberSet, readVarint, rowTable, varints } from '../src/search-code.js';
import { bitmapSet, deltaSet, fixed, rows, set, tablesOf, varint } from './search-encode.js';

const one = (text) => readVarint(text, { at: 0 });

describe('the codes of the search index (format 2)', () => {
  test("varint: the contract's vectors", () => {
    assert.equal(one('A'), 0);
    assert.equal(one('f'), 31);
    assert.equal(one('hA'), 32);
    assert.equal(one('_f'), 1023);
    assert.deepEqual(varints('AfhA_f'), [0, 31, 32, 1023]);
    for (const value of [0, 31, 32, 1023, 1024, 149999, 2 ** 31 + 5]) {
      assert.equal(one(varint(value)), value);
    }
    assert.deepEqual([varint(0), varint(31), varint(32), varint(1023)], ['A', 'f', 'hA', '_f']);
  });
  test('a varint read moves the cursor past it', () => {
    const cursor = { at: 1 };
    assert.equal(readVarint('AhAB', cursor), 32);
    assert.equal(cursor.at, 3);
  });
  test('fixed(w): exactly w digits, most significant first; width 0 is 0', () => {
    assert.equal(fixedAt('xBA', 1, 2), 64);
    assert.equal(fixedAt('__', 0, 2), 4095);
    assert.equal(fixedAt('', 0, 0), 0);
    assert.equal(fixedAt('ABCD', 2, 1), 2);
    assert.equal(fixed(64, 2), 'BA');
  });
  test('set, delta form: the first number, then each gap less one', () => {
    assert.deepEqual([...decodeSet('')], []);
    assert.deepEqual([...decodeSet('DAB')], [3, 4, 6]);
    assert.deepEqual([...decodeSet('hAA')], [32, 33]);
    assert.equal(deltaSet([3, 4, 6]), 'DAB');
  });
  test('set, bitmap form: "~" then six numbers a digit, least significant bit first', () => {
    // B = 1: number 0; G = 6: numbers 7 and 8 (bits 1 and 2 of the second digit); A: none.
    assert.deepEqual([...decodeSet('~BGAg')], [0, 7, 8, 23]);
    assert.deepEqual([...decodeSet('~_')], [0, 1, 2, 3, 4, 5]);
    assert.equal(bitmapSet([0, 7, 8, 23]), '~BGAg');
    const bitmap = numberSet('~BGAg');
    assert.equal(bitmap.size, 4);
    assert.equal(bitmap.last, 23);
    assert.deepEqual(
      [0, 1, 7, 8, 9, 23, 24, 600, -1].map((number) => bitmap.has(number)),
      [true, false, true, true, false, true, false, false, false],
    );
    const seen = [];
    bitmap.forEach((number) => {
      seen.push(number);
    });
    assert.deepEqual(seen, [0, 7, 8, 23]);
  });
  test('both forms read alike, as the writer chooses either', () => {
    const numbers = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 149999];
    const dense = Array.from({ length: 500 }, (_, at) => at * 2);
    for (const list of [numbers, dense, [0], []]) {
      assert.deepEqual([...decodeSet(deltaSet(list))], list);
      assert.deepEqual([...decodeSet(bitmapSet(list))], list);
      const each = numberSet(set(list));
      assert.equal(each.size, list.length);
      assert.equal(each.last, list.length ? list[list.length - 1] : -1);
      assert.ok(list.every((number) => each.has(number)) && !each.has(7));
    }
    assert.ok(set(dense).startsWith('~'), 'the writer takes the bitmap when it is shorter');
  });
  test("raise lifts the values of a set's numbers, and no other, in either form", () => {
    const list = [0, 5, 6, 7, 41, 42, 600];
    for (const code of [deltaSet(list), bitmapSet(list)]) {
      const values = new Uint8Array(610);
      values[5] = 9;
      values[8] = 2;
      numberSet(code).raise(values, 4);
      const lifted = [...values.keys()].filter((number) => values[number]);
      assert.deepEqual(lifted, [0, 5, 6, 7, 8, 41, 42, 600], code);
      assert.equal(values[5], 9, 'a higher value stays');
      assert.equal(values[8], 2, 'a number not in the set is left alone');
      assert.equal(values[41], 4);
    }
  });
  test('rows: fixed columns and keywords, found by number', () => {
    const items = [
      { number: 9, album: 'b', date: '2019-07', camera: 'X', kind: 'image', rating: 4, keywords: ['k2', 'k1'] },
      { number: 2, album: 'a', date: '2021', kind: 'video', keywords: [] },
      { number: 40, kind: 'image', rating: 5, keywords: ['k2'] },
    ];
    const coding = tablesOf(items);
    const table = rowTable(rows(items, coding), coding.widths);
    assert.deepEqual([...table.numbers], [2, 9, 40]);
    const at = table.positionOf(9);
    assert.equal(at, 1);
    assert.equal(table.positionOf(3), -1);
    const named = (column, position) => coding.tables[column][table.value(position, column) - 1];
    assert.equal(named('album', at), 'b');
    assert.equal(named('date', at), '2019-07');
    assert.equal(named('camera', at), 'X');
    assert.equal(table.value(at, 'lens'), 0, 'no lens');
    assert.equal(table.value(at, 'rating'), 4);
    assert.equal(named('kind', 0), 'video');
    assert.equal(named('date', 0), '2021');
    const keywords = (position) => {
      const list = [];
      table.keywords(position, (value) => list.push(coding.tables.keyword[value - 1]));
      return list;
    };
    assert.deepEqual([keywords(2), keywords(0), keywords(1)], [['k2'], [], ['k1', 'k2']]);
  });
});
