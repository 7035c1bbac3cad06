import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { LONGEST_TERM, searchTerms } from '../src/search-text.js';

// Made by the Swift side (SearchTextTests), which checks its own terms against the same file.
const fixture = JSON.parse(readFileSync(new URL('./fixtures/search-terms.json', import.meta.url), 'utf8'));

describe("search terms, as the Swift side's index makes them", () => {
  test('the fixture is the one rule both sides state', () => {
    assert.equal(fixture.longestTerm, LONGEST_TERM);
    assert.ok(fixture.cases.length >= 20);
  });
  for (const { name, text, terms } of fixture.cases) {
    test(name, () => assert.deepEqual(searchTerms(text), terms));
  }
});

describe('what a person types', () => {
  test('is never read as markup', () =>
    assert.deepEqual(searchTerms('<img src=x onerror=alert(1)>'), ['img', 'src', 'x', 'onerror', 'alert', '1']));
  test('a word cut mid-way is a prefix of its term', () => {
    const [whole] = searchTerms('Éléphants');
    const [typed] = searchTerms('Élé');
    assert.ok(whole.startsWith(typed));
  });
});
