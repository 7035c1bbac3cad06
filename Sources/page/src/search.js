// A search, from the text typed and the filters chosen to the ranked item numbers and the
// filters' counts, loading only the pieces its words need (search-pieces.js): the words matched
// and intersected (search-match.js), the rows those pieces carry filtered and counted
// (search-facets.js). Nothing here touches the document.
import { facetCounts, galleryCounts, passes, rowsOf } from './search-facets.js';
import { intersect, rank, wordMatches } from './search-match.js';
import { INDEX_PATH, loadAll, piecesForWord, termPiecePath } from './search-pieces.js';
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
// (null when the text has no word: filters alone do not search), the filters' counts, and the
// pieces loaded; callback(null) when the gallery has no index (search/index.js does not load).
export function runSearch(store, { text, filters }, albumsByID, callback) {
  store.load(INDEX_PATH, (index) => {
    if (!index || !Array.isArray(index.pieces)) {
      callback(null);
      return;
    }
    const words = queryWords(text).map(({ term, asPrefix }) => piecesForWord(term, index.pieces, asPrefix));
    if (!words.length) {
      callback({ index, words, numbers: null, counts: galleryCounts(index.facets), paths: [] });
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
