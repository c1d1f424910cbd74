/** A matched part of a suggestion: offsets in UTF-16 code units, as JavaScript strings count them. */
export interface TextMark {
  start: number;
  length: number;
}

/** A piece of a suggestion's text, marked (the part that matched) or not. */
export interface TextPiece {
  text: string;
  marked: boolean;
}

/**
 * Cuts `text` into plain and marked pieces. Marks come from the server (or a backend we do not
 * control), so they are sorted, clamped to the text and merged where they overlap rather than trusted;
 * the pieces are rendered as React text and <mark> elements, never as HTML.
 */
export function markPieces(text: string, marks: readonly TextMark[] | undefined): TextPiece[] {
  const ranges = (marks ?? [])
    .filter((mark) => Number.isInteger(mark.start) && Number.isInteger(mark.length) && mark.length > 0)
    .map((mark) => ({ start: Math.max(0, mark.start), end: Math.min(text.length, mark.start + mark.length) }))
    .filter((range) => range.start < range.end)
    .sort((a, b) => a.start - b.start);
  // Overlapping or touching marks become one.
  const merged: { start: number; end: number }[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const range of merged) {
    if (range.start > at) pieces.push({ text: text.slice(at, range.start), marked: false });
    pieces.push({ text: text.slice(range.start, range.end), marked: true });
    at = range.end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}

/**
 * Where `typed` occurs in `text`, ignoring letter case (each occurrence of the whole typed text): the
 * marks of a recent search or keyword offered while the server's suggestions are unavailable.
 */
export function marksOf(text: string, typed: string): TextMark[] {
  const needle = typed.toLocaleLowerCase();
  const haystack = text.toLocaleLowerCase();
  // Lower-casing can change a string's length (e.g. 'İ'): then no marks rather than wrong ones.
  if (!needle || haystack.length !== text.length) return [];
  const marks: TextMark[] = [];
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) {
    marks.push({ start: at, length: needle.length });
  }
  return marks;
}
