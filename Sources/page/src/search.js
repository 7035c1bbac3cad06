// A search, from the text typed and the filters chosen to the ranked item numbers and the
// filters' counts, loading only the pieces its words need (search-pieces.js): the words matched
// and intersected (search-match.js), the rows those pieces carry filtered and counted
// (search-facets.js). Nothing here touches the document.
import { albumAncestry, FILTER_NAMES, facetCounts, galleryCount, galleryCounts, passes, rowsOf, valueRows } from './search-facets.js';
import { intersect, rank, wordMatches } from './search-match.js';
import { INDEX_PATH, loadAll, piecesForWord, termPiecePath, valuePiecePath } from './search-pieces.js';
import { searchTerms } from './search-text.js';

const LETTER_OR_DIGIT_AT_END = /[\p{L}\p{N}\p{M}]$/u;

// The words of `text` and how each is matched: every word exactly, the last one also as a
// prefix while it is being typed (the text does not end with a separator). A word said twice
// counts once.
export function queryWords(text) {
  const terms = [...new Set(searchTerms(text))];
  const typing = LETTER_OR_DIGIT_AT_END.test(text);
  return terms.map((term, index) => ({ term, asPrefix: typing && index === terms.length - 1 }));
}

// Runs a search: callback({ index, words, numbers, counts, paths }) with the ranked item numbers
// (null when there is neither a word nor a filter), the filters' counts, and the pieces loaded;
// callback(null) when the gallery has no index (search/index.js does not load).
export function runSearch(store, { text, filters }, albumsByID, callback) {
  store.load(INDEX_PATH, (index) => {
    if (!index || !Array.isArray(index.pieces)) {
      callback(null);
      return;
    }
    const words = queryWords(text).map(({ term, asPrefix }) => piecesForWord(term, index.pieces, asPrefix));
    if (!words.length) {
      filtersAlone(store, index, filters, albumsByID, callback);
      return;
    }
    const paths = words.flatMap((word) => word.prefixes.map(termPiecePath));
    loadAll(store, paths, (loaded) => {
      const pieces = [...loaded.values()];
      const matches = words.map((word) =>
        wordMatches(
          word,
          word.prefixes.map((prefix) => loaded.get(termPiecePath(prefix))),
          index.fields,
        ),
      );
      const scores = intersect(matches);
      const rows = rowsOf(scores.keys(), pieces);
      const counts = facetCounts([...scores.keys()], rows, filters, albumsByID);
      for (const number of [...scores.keys()]) if (!passes(rows.get(number), filters, albumsByID)) scores.delete(number);
      const numbers = rank(scores, (number) => rows.get(number)?.month || null);
      callback({ index, words, numbers, counts, paths: [...new Set(paths)] });
    });
  });
}

// A search of filters and no word: the items of the most selective filter's value (its value
// piece, search/v/…js; the fewest items by the index's counts), the others applied to their rows,
// ranked newest first, then by number. The other filters count from those rows; the chosen
// filter's own choices (what the *other* filters leave, whatever its value) from the piece of the
// next most selective filter, or with no other filter from the whole gallery's counts.
function filtersAlone(store, index, filters, albumsByID, callback) {
  const gallery = galleryCounts(index.facets);
  const chosen = FILTER_NAMES.filter((name) => filters[name] !== undefined && filters[name] !== null && filters[name] !== '')
    .map((name) => ({ name, count: galleryCount(name, filters[name], gallery, albumsByID) }))
    .sort((a, b) => a.count - b.count);
  if (!chosen.length) {
    callback({ index, words: [], numbers: null, counts: gallery, paths: [] });
    return;
  }
  const paths = chosen.slice(0, 2).map(({ name }) => valuePiecePath(name, filters[name]));
  loadAll(store, paths, (loaded) => {
    const rows = valueRows(loaded.get(paths[0]));
    const numbers = [...rows.keys()];
    const counts = facetCounts(numbers, rows, filters, albumsByID);
    const first = chosen[0].name;
    if (paths.length > 1) {
      const others = valueRows(loaded.get(paths[1]));
      counts[first] = facetCounts([...others.keys()], others, filters, albumsByID)[first];
    } else if (first === 'album') {
      // The album's piece counts its own sub-albums rightly, the albums above it not.
      counts.album = counts.album.filter(([id]) => albumAncestry(id, albumsByID).includes(filters.album));
    } else {
      counts[first] = gallery[first];
    }
    const passing = numbers.filter((number) => passes(rows.get(number), filters, albumsByID));
    const ranked = rank(new Map(passing.map((number) => [number, 0])), (number) => rows.get(number)?.month || null);
    callback({ index, words: [], numbers: ranked, counts, paths });
  });
}
