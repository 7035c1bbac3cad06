// A search, from the text typed and the filters chosen to the ranked item numbers and the
// filters' counts, loading only the pieces it needs (search-pieces.js): the words' term pieces,
// matched and intersected (search-match.js); the chosen values' value pieces, whose sets the
// items must be in; and for counting (search-facets.js) the rows of the items counted, from the
// pieces loaded or else from their column pieces, or a large set's precomputed counts where the
// items counted are exactly that set; and it keeps the records term pieces carry for the results
// (search-results.js). Nothing here touches the document.
import { numberSet, rowTable } from './search-code.js';
import {
  addCounts,
  addRow,
  albumAncestry,
  COLUMN_OF,
  chosenNames,
  FILTER_NAMES,
  facetCounts,
  galleryCounts,
  newTally,
} from './search-facets.js';
import { intersect, rank, wordMatches } from './search-match.js';
import { columnPiecePath, INDEX_PATH, INDEX_VERSION, loadAll, piecesForWord, termPiecePath, valuePiecePath } from './search-pieces.js';
import { noteRecords } from './search-results.js';
import { searchTerms } from './search-text.js';
import { cached } from './util.js';

const LETTER_OR_DIGIT_AT_END = /[\p{L}\p{N}\p{M}]$/u;
// An item's filters: it passes all of them, fails one (its index in FILTER_NAMES), or more.
const PASSES = -1;
const FAILS_MORE = -2;

// The words of `text` and how each is matched: every word exactly, the last one also as a
// prefix while it is being typed (the text does not end with a separator). A word said twice
// counts once.
export function queryWords(text) {
  const terms = [...new Set(searchTerms(text))];
  const typing = LETTER_OR_DIGIT_AT_END.test(text);
  return terms.map((term, index) => ({ term, asPrefix: typing && index === terms.length - 1 }));
}

// Runs a search: callback({ index, words, numbers, counts, paths }) with the ranked item numbers
// (an Int32Array; null when there is neither a word nor a filter), the filters' counts, and the
// pieces loaded; callback(null) when the gallery has no index (search/index.js does not load).
// `hooks.ranked({ index, words, numbers })` is told the results before they are counted, so that
// they can be shown, and their first records load, meanwhile; a search `hooks.stale()` says was
// asked again stops where it is, and answers nothing, so that one typed over loads and counts
// no more.
export function runSearch(store, { text, filters }, albumsByID, callback, hooks = {}) {
  const stale = hooks.stale || (() => false);
  store.load(INDEX_PATH, (index) => {
    if (stale()) return;
    if (!index || index.version !== INDEX_VERSION || !Array.isArray(index.pieces)) {
      callback(null);
      return;
    }
    const words = queryWords(text).map(({ term, asPrefix }) => piecesForWord(term, index.pieces, asPrefix, index.sizes));
    const names = chosenNames(filters);
    if (!words.length && !names.length) {
      hooks.ranked?.({ index, words: [], numbers: null });
      callback({ index, words: [], numbers: null, counts: galleryCounts(index.facets), paths: [] });
      return;
    }
    const valuePaths = names.map((name) => valuePiecePath(name, filters[name]));
    const paths = [...new Set([...words.flatMap((word) => word.prefixes.map(termPiecePath)), ...valuePaths])];
    loadAll(
      store,
      paths,
      (loaded) => {
        if (stale()) return;
        // The first results' records a common word's piece carries: they draw with no record piece.
        for (const piece of loaded.values()) noteRecords(store, piece);
        const chosen = names.map((name, at) => chosenValue(name, filters[name], loaded.get(valuePaths[at])));
        const plan = words.length ? wordsPlan(index, words, loaded, chosen) : filtersPlan(chosen);
        const numbers = rank(plan.passing);
        hooks.ranked?.({ index, words, numbers });
        if (stale()) return;
        countPlan(
          store,
          index,
          plan,
          [...loaded.values()],
          (counts, columnPaths) => {
            if (stale()) return;
            if (!words.length && chosen.length === 1) fixOwnChoices(counts, chosen[0], index, albumsByID);
            callback({ index, words, numbers, counts, paths: [...paths, ...columnPaths] });
          },
          albumsByID,
          stale,
        );
      },
      stale,
    );
  });
}

// A chosen filter's value: { name, value, set, counts } from its value piece (the piece of
// values sharing its first bytes told apart by `values`' keys); no piece: no item.
function chosenValue(name, value, piece) {
  const has = (object) => object !== null && typeof object === 'object' && Object.hasOwn(object, value);
  return {
    name,
    value,
    set: numberSet(has(piece?.values) ? piece.values[value] : ''),
    counts: has(piece?.counts) ? piece.counts[value] : null,
  };
}

// The plan of a search of words: its results, and which items are counted how. The items the
// words match (R) are filtered by the chosen values' sets; an item passing them all counts
// toward every filter, one failing one filter toward that filter's choices only.
function wordsPlan(index, words, loaded, chosen) {
  const matches = words.map((word) =>
    wordMatches(
      word,
      word.prefixes.map((prefix) => loaded.get(termPiecePath(prefix))),
      index,
    ),
  );
  const scored = intersect(matches);
  // One word and no filter: its largest term with counts is counted from them, the rest by rows.
  const counted = words.length === 1 && !chosen.length ? matches[0].counted : null;
  const plan = classify(scored.numbers, chosen, counted ? counted.has : null);
  plan.passing.scores = plan.passing.numbers === scored.numbers ? scored.scores : scored.scores.filter((_, at) => plan.passes[at]);
  if (counted) plan.commonCounts.push(counted.counts);
  return plan;
}

// The plan of a search of filters alone: the items in all but at most one of the chosen sets
// are in one of the two smallest. With two filters, a filter's choices are counted over the
// other's set exactly: from its counts when it has them.
function filtersPlan(chosen) {
  const bySize = chosen.slice().sort((a, b) => a.set.size - b.set.size);
  const [first, second] = bySize;
  const last = Math.max(first.set.last, second ? second.set.last : -1);
  const marked = new Uint8Array(last + 1);
  first.set.raise(marked, 1);
  second?.set.raise(marked, 1);
  let size = 0;
  for (const mark of marked) size += mark;
  const candidates = new Int32Array(size);
  let next = 0;
  for (let number = 0; number <= last; number++) if (marked[number]) candidates[next++] = number;
  const alone = {};
  if (chosen.length === 2) {
    if (second.counts) alone[first.name] = second.counts;
    if (first.counts) alone[second.name] = first.counts;
  }
  const countedAll = chosen.length === 1 && first.counts ? () => true : null;
  const plan = classify(candidates, chosen, countedAll, alone);
  if (countedAll) plan.commonCounts.push(first.counts);
  return plan;
}

// Sorts `candidates` (ascending numbers) by the chosen sets: { passing: { numbers }, passes
// (by candidate), needs: { numbers, groups } (the items whose rows are counted, ascending: group
// PASSES for every filter, or a filter's index), commonCounts: [], alone }. `counted(number)` says an
// item passing is counted from counts; `alone` names filters whose choices are counted apart.
function classify(candidates, chosen, counted = null, alone = {}) {
  const passes = new Uint8Array(candidates.length);
  const needNumbers = new Int32Array(candidates.length);
  const needGroups = new Int8Array(candidates.length);
  let needs = 0;
  let passing = 0;
  for (let at = 0; at < candidates.length; at++) {
    const number = candidates[at];
    let failed = PASSES;
    for (const { name, set } of chosen) {
      if (set.has(number)) continue;
      failed = failed === PASSES ? FILTER_NAMES.indexOf(name) : FAILS_MORE;
      if (failed === FAILS_MORE) break;
    }
    if (failed === PASSES) {
      passes[at] = 1;
      passing += 1;
    }
    if (failed === FAILS_MORE || (failed === PASSES && counted?.(number)) || (failed >= 0 && alone[FILTER_NAMES[failed]])) continue;
    needNumbers[needs] = number;
    needGroups[needs++] = failed;
  }
  return {
    // With no filter chosen, every candidate passes: the results are the candidates.
    passing: { numbers: passing === candidates.length ? candidates : candidates.filter((_, at) => passes[at]) },
    passes,
    needs: { numbers: needNumbers.subarray(0, needs), groups: needGroups.subarray(0, needs) },
    commonCounts: [],
    alone,
  };
}

// Each `rows` decoded once (a piece stays loaded, and so does its table).
const tablesByRows = new WeakMap();
const tableOf = (rows, widths) => cached(tablesByRows, rows, () => rowTable(rows, widths));

// Finds each of `numbers` (ascending) not found yet (where[at] < 0) in `tables`: sets where[at]
// to the table's index + `first` and at[at] to its position. One pass through each table.
function locate(tables, numbers, where, at, first = 0) {
  tables.forEach((table, index) => {
    let cursor = 0;
    const list = table.numbers;
    for (let each = 0; each < numbers.length; each++) {
      if (where[each] >= 0) continue;
      while (cursor < list.length && list[cursor] < numbers[each]) cursor++;
      if (cursor < list.length && list[cursor] === numbers[each]) {
        where[each] = first + index;
        at[each] = cursor;
      }
    }
  });
}

// Counts a plan: the rows of its items from `pieces`, else from their column pieces (loaded for
// the blocks of those items alone), and its counts; callback(counts, column pieces' paths).
function countPlan(store, index, plan, pieces, callback, albumsByID, stale) {
  const tables = pieces.filter((piece) => piece?.rows).map((piece) => tableOf(piece.rows, index.widths));
  const { numbers, groups } = plan.needs;
  const where = new Int32Array(numbers.length).fill(-1);
  const at = new Int32Array(numbers.length);
  locate(tables, numbers, where, at);
  const columnBlock = Number(index.columnBlock) > 0 ? Number(index.columnBlock) : 4096;
  // A block's path once, however many of its items are missing.
  const columnPaths = new Set();
  let lastBlock = -1;
  numbers.forEach((number, each) => {
    if (where[each] < 0 && Math.floor(number / columnBlock) !== lastBlock) {
      lastBlock = Math.floor(number / columnBlock);
      columnPaths.add(columnPiecePath(number, columnBlock));
    }
  });
  loadAll(
    store,
    [...columnPaths],
    (loaded) => {
      const columns = [...loaded.values()].filter((piece) => piece?.rows).map((piece) => tableOf(piece.rows, index.widths));
      locate(columns, numbers, where, at, tables.length);
      const all = tables.concat(columns);
      const tally = newTally(index);
      for (let each = 0; each < numbers.length; each++) {
        const table = all[where[each]];
        if (!table) continue;
        if (groups[each] < 0) addRow(tally.common, table, at[each]);
        else {
          const name = FILTER_NAMES[groups[each]];
          addRow({ [COLUMN_OF[name]]: tally.own[name] }, table, at[each], [COLUMN_OF[name]]);
        }
      }
      for (const counts of plan.commonCounts) addCounts(tally.common, counts);
      const ready = {};
      for (const [name, counts] of Object.entries(plan.alone)) {
        const apart = newTally(index);
        addCounts(apart.common, counts, [COLUMN_OF[name]]);
        ready[name] = facetCounts(index, albumsByID, apart)[name];
      }
      callback(facetCounts(index, albumsByID, tally, ready), [...columnPaths]);
    },
    stale,
  );
}

// No word and one filter: its own choices are over every item (whatever its value), the
// gallery's counts; an album's, which the index does not count, are itself and those below it,
// counted from its items.
function fixOwnChoices(counts, { name, value }, index, albumsByID) {
  if (name !== 'album') counts[name] = galleryCounts(index.facets)[name];
  else counts.album = counts.album.filter(([id]) => albumAncestry(id, albumsByID).includes(value));
}
