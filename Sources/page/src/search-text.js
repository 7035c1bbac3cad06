// The one rule that turns text into search terms, on both sides of the search (the index
// vitrine writes, Sources/VitrineKit/Search/SearchText.swift, and what a person types here);
// both are tested against the same fixtures, made by the Swift side. No stemming and no word
// segmenter, so that the two agree exactly: NFKD, combining marks dropped, NFC again (Hangul
// syllables stay whole), lower case with the final sigma as a sigma, split on anything that is
// not a letter or a digit, a run of CJK characters as its overlapping pairs, terms cut at
// LONGEST_TERM characters.

export const LONGEST_TERM = 40;

// Han (with extensions and compatibility ideographs), Hiragana, Katakana and Hangul, by block
// as the Swift side tests them.
const CJK_RANGES = [
  [0x1100, 0x11ff],
  [0x3040, 0x30ff],
  [0x3130, 0x318f],
  [0x31f0, 0x31ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa960, 0xa97f],
  [0xac00, 0xd7af],
  [0xd7b0, 0xd7ff],
  [0xf900, 0xfaff],
  [0x20000, 0x2fa1f],
];

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

function isCJK(character) {
  const code = character.codePointAt(0);
  return CJK_RANGES.some(([low, high]) => code >= low && code <= high) && LETTER_OR_DIGIT.test(character);
}

// `text` decomposed, without combining marks, composed again and in lower case.
export function folded(text) {
  return String(text).normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFC').toLowerCase().replaceAll('\u03c2', '\u03c3');
}

// The terms of `text`, in order, repeats kept.
export function searchTerms(text) {
  const terms = [];
  let word = [];
  let han = [];
  const endWord = () => {
    if (word.length) terms.push(word.slice(0, LONGEST_TERM).join(''));
    word = [];
  };
  const endHan = () => {
    if (han.length === 1) terms.push(han[0]);
    for (let i = 0; i + 1 < han.length; i++) terms.push(han[i] + han[i + 1]);
    han = [];
  };
  for (const character of folded(text)) {
    if (isCJK(character)) {
      endWord();
      han.push(character);
    } else if (LETTER_OR_DIGIT.test(character)) {
      endHan();
      word.push(character);
    } else {
      endWord();
      endHan();
    }
  }
  endWord();
  endHan();
  return terms;
}
