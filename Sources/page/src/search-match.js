// A query's words matched against the term pieces it loaded: each word's items with a score,
// the words intersected (every word must match), and the ranking. A word scores the best weight
// among the fields it was found in (title and keywords above caption, place and album title,
// above the file's name and the camera), EXACT_BONUS more when it is a whole term: any exact
// match of a word ranks above any prefix match of it. An item's score is its words' sum; ties go
// to the newest month taken (the index keeps no finer date), then to the smaller item number.

export const FIELD_WEIGHTS = { title: 3, keywords: 3, caption: 2, place: 2, album: 2, name: 1, camera: 1 };
export const EXACT_BONUS = 3;

// The best weight of the fields in bit mask `mask`, as the index's `fields` names the bits.
export function fieldWeight(mask, fields) {
  let best = 0;
  for (const [name, bit] of Object.entries(fields || {})) {
    if (mask & bit) best = Math.max(best, FIELD_WEIGHTS[name] || 0);
  }
  return best;
}

function addPostings(scores, postings, bonus, fields) {
  if (!Array.isArray(postings)) return;
  for (let at = 0; at + 1 < postings.length; at += 2) {
    const number = postings[at];
    const score = fieldWeight(postings[at + 1], fields) + bonus;
    if (!(scores.get(number) >= score)) scores.set(number, score);
  }
}

const own = (object, key) => Object.hasOwn(object, key);

// One word's matches in `pieces` (the term pieces loaded for it): Map item number → score.
export function wordMatches({ word, asPrefix }, pieces, fields) {
  const scores = new Map();
  for (const piece of pieces) {
    const terms = piece && typeof piece.terms === 'object' ? piece.terms : null;
    if (!terms) continue;
    if (own(terms, word)) addPostings(scores, terms[word], EXACT_BONUS, fields);
    if (!asPrefix) continue;
    for (const term of Object.keys(terms)) {
      if (term !== word && term.startsWith(word)) addPostings(scores, terms[term], 0, fields);
    }
  }
  return scores;
}

// The items every word matched, with the sum of their scores: Map number → score.
export function intersect(matches) {
  if (!matches.length) return new Map();
  const smallest = matches.reduce((least, each) => (each.size < least.size ? each : least));
  const total = new Map();
  for (const number of smallest.keys()) {
    let sum = 0;
    let everywhere = true;
    for (const each of matches) {
      const score = each.get(number);
      if (score === undefined) {
        everywhere = false;
        break;
      }
      sum += score;
    }
    if (everywhere) total.set(number, sum);
  }
  return total;
}

// The numbers of `scores` (a Map number → score) ranked: score, then the month taken
// (`monthOf(number)`, "YYYY-MM" or null; newest first, undated last), then number.
export function rank(scores, monthOf) {
  const month = (number) => monthOf(number) || '';
  return [...scores.keys()].sort((a, b) => {
    const byScore = scores.get(b) - scores.get(a);
    if (byScore) return byScore;
    const ma = month(a);
    const mb = month(b);
    if (ma !== mb) return ma < mb ? 1 : -1;
    return a - b;
  });
}
