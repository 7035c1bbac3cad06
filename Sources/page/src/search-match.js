// A query's words matched against the term pieces it loaded: each word's items with a score,
// the words intersected (every word must match), and the ranking. A word scores the best weight
// among the fields it was found in (search/index.js's `weights`, which vitrine defines: title
// and keywords above caption, place and album title, above the file's name and the camera),
// EXACT_BONUS more when it is a whole term: any exact match of a word ranks above any prefix
// match of it. An item's score is its words' sum; ties go to the higher item number (numbers
// follow the date taken: the newest first).
import { numberSet } from './search-code.js';
import { cached } from './util.js';

export const EXACT_BONUS = 3;

// The best weight of the fields in bit mask `mask`, as the index's `fields` names the bits and
// its `weights` weigh them.
export function fieldWeight(mask, { fields, weights }) {
  let best = 0;
  for (const [name, bit] of Object.entries(fields || {})) {
    const weight = Number(weights?.[name]) || 0;
    if (mask & bit) best = Math.max(best, weight);
  }
  return best;
}

// A term's items by the fields they were found in ([mask, set, mask, set…]) as [{ mask, set }],
// read once per term (a piece stays loaded, and so do they).
const groupsByTerm = new WeakMap();
export function termGroups(coded) {
  if (!Array.isArray(coded)) return [];
  return cached(groupsByTerm, coded, () => {
    const groups = [];
    for (let at = 0; at + 1 < coded.length; at += 2) groups.push({ mask: Number(coded[at]) || 0, set: numberSet(coded[at + 1]) });
    return groups;
  });
}

const own = (object, key) => object !== null && typeof object === 'object' && Object.hasOwn(object, key);

// The terms of `pieces` a word matches: [{ groups, bonus, counts }] (`counts`: the term's filter
// counts, when it has them).
function matchedTerms({ word, asPrefix }, pieces) {
  const found = [];
  for (const piece of pieces) {
    const terms = piece && typeof piece.terms === 'object' ? piece.terms : null;
    if (!terms) continue;
    const names = own(terms, word) ? [word] : [];
    if (asPrefix) for (const term of Object.keys(terms)) if (term !== word && term.startsWith(word)) names.push(term);
    for (const term of names) {
      const counts = own(piece.counts, term) ? piece.counts[term] : null;
      found.push({ groups: termGroups(terms[term]), bonus: term === word ? EXACT_BONUS : 0, counts });
    }
  }
  return found;
}

// One word's matches in `pieces` (the term pieces loaded for it), scored by the index's `fields`
// and `weights`: { numbers (ascending), scores, has(number), scoreOf(number), counted }. `counted`
// is the largest matched term that has filter counts, { counts, has(number) }, or null.
export function wordMatches(word, pieces, index) {
  const terms = matchedTerms(word, pieces);
  let last = -1;
  for (const { groups } of terms) for (const { set } of groups) last = Math.max(last, set.last);
  // Each item's best score + 1 (0: not matched), by number.
  const best = new Uint8Array(last + 1);
  let largest = null;
  let largestSize = -1;
  for (const { groups, bonus, counts } of terms) {
    let size = 0;
    for (const { mask, set } of groups) {
      set.raise(best, Math.min(254, fieldWeight(mask, index) + bonus) + 1);
      size += set.size;
    }
    if (counts && size > largestSize) {
      largestSize = size;
      largest = { counts, groups };
    }
  }
  // Asked of every result: marked once, not looked up in each set.
  let counted = null;
  if (largest) {
    const marked = new Uint8Array(last + 1);
    for (const { set } of largest.groups) set.raise(marked, 1);
    counted = { counts: largest.counts, has: (number) => marked[number] === 1 };
  }
  let size = 0;
  for (const score of best) if (score) size += 1;
  const numbers = new Int32Array(size);
  const scores = new Uint16Array(size);
  let next = 0;
  for (let number = 0; number <= last; number++) {
    if (!best[number]) continue;
    numbers[next] = number;
    scores[next++] = best[number] - 1;
  }
  return { numbers, scores, has: (number) => best[number] > 0, scoreOf: (number) => best[number] - 1, counted };
}

// The items every word matched, with the sum of their scores: { numbers (ascending), scores }.
export function intersect(matches) {
  if (!matches.length) return { numbers: new Int32Array(0), scores: new Uint16Array(0) };
  if (matches.length === 1) return { numbers: matches[0].numbers, scores: matches[0].scores };
  const smallest = matches.reduce((least, each) => (each.numbers.length < least.numbers.length ? each : least));
  const kept = smallest.numbers.filter((number) => matches.every((each) => each.has(number)));
  const scores = new Uint16Array(kept.length);
  kept.forEach((number, at) => {
    scores[at] = matches.reduce((sum, each) => sum + each.scoreOf(number), 0);
  });
  return { numbers: kept, scores };
}

// Item numbers with their scores ({ numbers, scores }, scores optional: all 0) ranked: score,
// then number, both higher first. An Int32Array. Numbers in ascending order (as a search has
// them) are ranked without sorting: each goes, from the highest, to the next place of its score.
export function rank({ numbers, scores }) {
  let ascending = true;
  for (let at = 1; at < numbers.length && ascending; at++) ascending = numbers[at - 1] < numbers[at];
  if (!ascending) return rankBySorting({ numbers, scores });
  const scoreAt = (at) => (scores ? scores[at] : 0);
  let top = 0;
  for (let at = 0; at < numbers.length; at++) top = Math.max(top, scoreAt(at));
  // The next place of each score: those of higher scores come first.
  const place = new Int32Array(top + 1);
  for (let at = 0; at < numbers.length; at++) place[scoreAt(at)] += 1;
  let before = 0;
  for (let score = top; score >= 0; score--) {
    const count = place[score];
    place[score] = before;
    before += count;
  }
  const ranked = new Int32Array(numbers.length);
  for (let at = numbers.length - 1; at >= 0; at--) ranked[place[scoreAt(at)]++] = numbers[at];
  return ranked;
}

function rankBySorting({ numbers, scores }) {
  const NUMBERS = 2 ** 32;
  const keys = new Float64Array(numbers.length);
  for (let at = 0; at < numbers.length; at++) keys[at] = (scores ? scores[at] : 0) * NUMBERS + numbers[at];
  keys.sort();
  const ranked = new Int32Array(numbers.length);
  for (let at = 0; at < keys.length; at++) ranked[at] = keys[keys.length - 1 - at] % NUMBERS;
  return ranked;
}
