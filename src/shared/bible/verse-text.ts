/**
 * The KJV data marks a paragraph start with a leading '#' and words the translators
 * supplied with [brackets] (printed in italics). Readers never see the raw markers.
 */
export type VerseSegment = { text: string; italic?: true };

export type ParsedVerseText = {
  isParagraphStart: boolean;
  segments: VerseSegment[];
  plain: string;
};

export function parseVerseText(raw: string): ParsedVerseText {
  const trimmed = raw.trim();
  const isParagraphStart = trimmed.startsWith('#');
  const body = isParagraphStart ? trimmed.slice(1).trimStart() : trimmed;
  const segments: VerseSegment[] = [];
  for (const part of body.split(/(\[[^\]]*\])/)) {
    if (part === '') continue;
    if (part.startsWith('[') && part.endsWith(']')) {
      segments.push({ text: part.slice(1, -1), italic: true });
    } else {
      segments.push({ text: part });
    }
  }
  return { isParagraphStart, segments, plain: segments.map((s) => s.text).join('') };
}
