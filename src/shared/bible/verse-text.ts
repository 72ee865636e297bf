/**
 * A verse's raw text carries its layout in markers, one format for every translation:
 * - a leading `{…}` is a heading printed before the verse (a psalm's title, an acrostic letter);
 * - a leading `#` starts a paragraph (or, in poetry, a stanza);
 * - `[word]` is a word the translators supplied (printed in italics);
 * - a line feed starts a new line of poetry (a leading one: the verse starts its own line).
 * The KJV data marks paragraphs and supplied words this way already; the other translations are
 * written into it when they load. Readers never see the raw markers.
 */
export type VerseSegment = { text: string; italic?: true; line_start?: true };

export type ParsedVerseText = {
  heading?: string;
  isParagraphStart: boolean;
  segments: VerseSegment[];
  plain: string;
};

export function parseVerseText(raw: string): ParsedVerseText {
  let rest = raw.replace(/^[ \t]+/, '');
  let heading: string | undefined;
  if (rest.startsWith('{')) {
    const end = rest.indexOf('}');
    if (end !== -1) {
      heading = rest.slice(1, end).trim();
      rest = rest.slice(end + 1).replace(/^[ \t]+/, '');
    }
  }
  const isParagraphStart = rest.startsWith('#');
  if (isParagraphStart) rest = rest.slice(1).replace(/^[ \t]+/, '');
  const segments: VerseSegment[] = [];
  rest.split('\n').forEach((line, lineIndex) => {
    const text = lineIndex === 0 ? line.trimEnd() : line.trim();
    if (lineIndex === 0 && text === '') return;
    let isLineStart = lineIndex > 0;
    for (const part of text.split(/(\[[^\]]*\])/)) {
      if (part === '') continue;
      const segment: VerseSegment =
        part.startsWith('[') && part.endsWith(']')
          ? { text: part.slice(1, -1), italic: true }
          : { text: part };
      if (isLineStart) segment.line_start = true;
      isLineStart = false;
      segments.push(segment);
    }
  });
  // A new line reads as a space in plain text.
  const plain = segments
    .map((segment, index) => (segment.line_start && index > 0 ? ` ${segment.text}` : segment.text))
    .join('');
  return { ...(heading ? { heading } : {}), isParagraphStart, segments, plain };
}

// In a module of its own: the footer's quotation needs it in the app's entry chunk, which should
// not carry the verse parser.
export { quotationRuns } from './quotation-runs.ts';
