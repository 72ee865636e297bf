/** The width of `text` set at `fontSize` (on a canvas: ctx.measureText with that font). */
export type MeasureText = (text: string, fontSize: number) => number;

export type FitTextOptions = {
  text: string;
  /** The box the lines must stay inside, in pixels. */
  width: number;
  height: number;
  maxFontSize: number;
  minFontSize: number;
  /** Line height as a multiple of the font size. */
  lineHeight: number;
  measure: MeasureText;
  /** How much smaller each try is; 1 px by default. */
  step?: number;
};

export type FittedText = {
  fontSize: number;
  lines: string[];
  /** Distance between baselines, in pixels. */
  lineHeight: number;
  /** False only when even the smallest size was too big and the last line was cut with '…'. */
  isComplete: boolean;
};

/** White space a line may break at: any but the no-break space (U+00A0), which binds words. */
const breakableSpace = /[^\S\u00A0]+/g;

/**
 * Greedy word wrap. A word wider than the box on its own (a long name at a large size) is split
 * between characters so that no line is ever wider than `width`.
 */
export function wrapText(
  text: string,
  width: number,
  fontSize: number,
  measure: MeasureText,
): string[] {
  const words = text.split(breakableSpace).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate, fontSize) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const piece of splitWord(word, width, fontSize, measure)) {
      if (line) lines.push(line);
      line = piece;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function splitWord(word: string, width: number, fontSize: number, measure: MeasureText) {
  if (measure(word, fontSize) <= width) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && measure(piece + char, fontSize) > width) {
      pieces.push(piece);
      piece = char;
    } else {
      piece += char;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * The narrowest width (not below half the box) that still wraps into the same number of lines:
 * centred verses then have lines of even length instead of a lone last word.
 */
function balance(text: string, width: number, fontSize: number, measure: MeasureText): string[] {
  const greedy = wrapText(text, width, fontSize, measure);
  if (greedy.length < 2) return greedy;
  const wordCount = text.split(' ').length;
  let low = width / 2;
  let high = width;
  let best = greedy;
  for (let i = 0; i < 12; i += 1) {
    const middle = (low + high) / 2;
    const lines = wrapText(text, middle, fontSize, measure);
    // A narrower box must not split a word that the full width kept whole.
    const isWholeWords = lines.join(' ').split(' ').length === wordCount;
    if (lines.length <= greedy.length && isWholeWords) {
      best = lines;
      high = middle;
    } else {
      low = middle;
    }
  }
  return best;
}

function fitsIn(lines: string[], fontSize: number, options: FitTextOptions): boolean {
  return (
    linesHeight(lines.length, fontSize, options.lineHeight) <= options.height &&
    lines.every((line) => options.measure(line, fontSize) <= options.width)
  );
}

/** The height of `count` lines: the last line needs only its own font size, not a full leading. */
export function linesHeight(count: number, fontSize: number, lineHeight: number): number {
  return count === 0 ? 0 : (count - 1) * fontSize * lineHeight + fontSize;
}

/**
 * The largest font size, from `maxFontSize` down to `minFontSize`, at which the wrapped text fits
 * the box. If none does (text far longer than any verse), the smallest size is used and the
 * lines that do not fit are dropped, the last kept one ending in '…', so nothing ever overflows.
 */
export function fitText(options: FitTextOptions): FittedText {
  const { text, width, maxFontSize, minFontSize, lineHeight, measure, step = 1 } = options;
  const normalised = text.replace(breakableSpace, ' ').trim();
  for (let fontSize = maxFontSize; fontSize >= minFontSize; fontSize -= step) {
    const lines = wrapText(normalised, width, fontSize, measure);
    if (fitsIn(lines, fontSize, options)) {
      return {
        fontSize,
        lines: balance(normalised, width, fontSize, measure),
        lineHeight: fontSize * lineHeight,
        isComplete: true,
      };
    }
  }
  const fontSize = minFontSize;
  const lines = wrapText(normalised, width, fontSize, measure);
  const kept: string[] = [];
  while (
    kept.length < lines.length &&
    linesHeight(kept.length + 1, fontSize, lineHeight) <= options.height
  ) {
    kept.push(lines[kept.length] ?? '');
  }
  const last = kept.pop();
  if (last !== undefined) kept.push(ellipsise(last, width, fontSize, measure));
  return { fontSize, lines: kept, lineHeight: fontSize * lineHeight, isComplete: false };
}

function ellipsise(line: string, width: number, fontSize: number, measure: MeasureText): string {
  let cut = line;
  while (cut && measure(`${cut}…`, fontSize) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}
