/**
 * The shopper's text as tokens. Runs of letters, digits and marks only, so nothing in a token can be
 * an FTS operator: quotes, `*`, `-`, `^`, `:`, NEAR, AND/OR/NOT typed by a shopper are text, never
 * FTS syntax. A word token belongs to a script with spaces between words (Latin, Cyrillic, ...); a
 * part token to one without (Chinese, Japanese, Korean, Thai), matched as a substring.
 */
/** Scripts written without spaces between words: matched as substrings. */
export const NO_SPACE =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}]/u;
const TOKEN_CHAR = /[\p{L}\p{N}\p{M}]/u;

export interface Token {
  /** As typed (NFC), lower-cased for words. */
  text: string;
  kind: 'word' | 'part';
}

/** Characters in a token (code points), for the trigram threshold. */
export const charCount = (s: string) => [...s].length;

/** Lower case, diacritics removed (é -> e), as the word index folds them. */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
}

/**
 * The tokens of a search text: runs of letters, digits and marks; a run is cut where it changes
 * between a script with spaces and one without ('iphone手机' -> 'iphone', '手机').
 */
export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let current = '';
  let kind: Token['kind'] = 'word';
  const flush = () => {
    if (current) tokens.push({ text: kind === 'word' ? current.toLowerCase() : current, kind });
    current = '';
  };
  for (const ch of input.normalize('NFC')) {
    if (!TOKEN_CHAR.test(ch)) {
      flush();
      continue;
    }
    // A combining mark stays with the character before it.
    const chKind: Token['kind'] = NO_SPACE.test(ch) ? 'part' : /\p{M}/u.test(ch) && current ? kind : 'word';
    if (current && chKind !== kind) flush();
    kind = chKind;
    current += ch;
  }
  flush();
  return tokens;
}

/** The singular and plural forms of an English word that should find each other. */
export function wordForms(word: string): string[] {
  const forms = new Set([word]);
  if (/^[a-z]{3,}$/.test(word)) {
    if (word.endsWith('ies') && word.length > 4) forms.add(`${word.slice(0, -3)}y`);
    else if (/(s|x|z|ch|sh)es$/.test(word)) forms.add(word.slice(0, -2));
    if (word.endsWith('s') && !word.endsWith('ss')) forms.add(word.slice(0, -1));
    if (!word.endsWith('s')) {
      if (/[^aeiou]y$/.test(word)) forms.add(`${word.slice(0, -1)}ies`);
      else if (/(x|z|ch|sh)$/.test(word)) forms.add(`${word}es`);
      else forms.add(`${word}s`);
    }
  }
  return [...forms];
}

export interface Mark {
  start: number;
  length: number;
}

/**
 * The parts of `text` the tokens matched, as UTF-16 offsets: a word token marks the start of each
 * word it begins (or the whole word it is a form of: 'shirts' marks 'Shirt'); a part token marks
 * where it occurs. Sorted, overlaps merged.
 */
export function marksOf(text: string, tokens: readonly Token[]): Mark[] {
  const marks: Mark[] = [];
  const wordRe = /[\p{L}\p{N}\p{M}]+/gu;
  const textWords: { start: number; word: string; folded: string }[] = [];
  for (const m of text.matchAll(wordRe)) textWords.push({ start: m.index, word: m[0], folded: fold(m[0]) });
  tokens.forEach((token, i) => {
    if (token.kind === 'part') {
      const hay = text.toLowerCase();
      const needle = token.text.toLowerCase();
      if (hay.length !== text.length || !needle) return;
      for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) {
        marks.push({ start: at, length: needle.length });
      }
      return;
    }
    const t = fold(token.text);
    const forms = wordForms(t);
    const isLast = i === tokens.length - 1;
    for (const w of textWords) {
      if (forms.includes(w.folded) || wordForms(w.folded).includes(t)) {
        marks.push({ start: w.start, length: w.word.length });
      } else if (isLast && w.folded.startsWith(t)) {
        // A prefix: its length in the word as written (the whole word when folding changed lengths).
        marks.push({ start: w.start, length: w.folded.length === w.word.length ? t.length : w.word.length });
      }
    }
  });
  marks.sort((a, b) => a.start - b.start || b.length - a.length);
  const merged: Mark[] = [];
  for (const m of marks) {
    const last = merged[merged.length - 1];
    if (last && m.start <= last.start + last.length) {
      last.length = Math.max(last.length, m.start + m.length - last.start);
    } else merged.push({ ...m });
  }
  return merged;
}
