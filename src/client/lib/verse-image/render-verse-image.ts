// The verse is set in Lora; the mood line in its italic, which the app's own CSS does not load.
import '@fontsource-variable/lora/wght-italic.css';
import { translationAbbreviation } from '#client/lib/translation-device.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { defaultImageMood } from '#shared/mood/moods.ts';
import backgroundUrl from './background.svg?no-inline';
import { fitText, linesHeight } from './fit-verse-text.ts';
import { bindShortWords, typographicQuotes, typographicReference } from './typography.ts';

/** product §3 verse image input; `translation` is the one `text` is in (the KJV when absent). */
export type VerseImageInput = {
  text: string;
  reference: string;
  mood?: string;
  translation?: TranslationId;
};

/** The line under the verse names its translation (decision 015): 'Isaiah 43:1–2 (WEB)'. */
export function imageReferenceLine(reference: string, translation?: TranslationId): string {
  return `${typographicReference(displayReference(reference))} (${translationAbbreviation(translation)})`;
}

export { imageSizeFor, verseImageFileName } from './image-file.ts';

/** A failure with one of the messages of product §8 'Image errors'. */
export class VerseImageError extends Error {
  override name = 'VerseImageError';
}

/** product §5: a generated image is rejected if its data is empty or shorter than 100 characters. */
const minImageDataLength = 100;

function invalidImage(): VerseImageError {
  return new VerseImageError('Generated image data is invalid');
}

export function assertValidImageData(
  dataUrl: string | null | undefined,
): asserts dataUrl is string {
  if (!dataUrl || dataUrl.length < minImageDataLength) throw invalidImage();
}

/** The same rule for a PNG blob, measured as the length of the data URL it would make. */
export function assertValidImageBlob(blob: Blob | null): asserts blob is Blob {
  const dataUrlLength =
    blob && blob.size > 0 ? 'data:image/png;base64,'.length + Math.ceil(blob.size / 3) * 4 : 0;
  if (!blob || dataUrlLength < minImageDataLength) throw invalidImage();
}

/** product §9: the background may take 3 s to arrive; after that the gradient is used. */
const backgroundTimeoutMs = 3000;
const fontTimeoutMs = 3000;

const serif = '"Lora Variable", Georgia, "Times New Roman", serif';
const sans = '"Inter Variable", ui-sans-serif, system-ui, sans-serif';

/** The palette of src/client/styles.css (light), as the image is always light. */
const ink = {
  text: '#16231a',
  primary: '#24603d',
  muted: '#4d5950',
  gold: '#b07a20',
  goldText: '#7c5614',
  leaf: '#fcfaf6',
};

/** lucide's Leaf (24×24, stroked), the mark the app's logo uses. */
const leafPaths = [
  'M11 20a10 10 0 0010-10 25.9 25.9 0 00-1.04-7.281 1 1 0 00-1.755-.325C15.833 5.5 13 5.5 9.8 6.1A7 7 0 0011 20',
  'M2 21a5 5 0 012.911-4.544C7.613 15.212 8.351 15.24 11 13',
];

const tagline = 'Stay Grounded in God\u2019s Word';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = src;
  });
}

let background: Promise<HTMLImageElement | null> | undefined;

/** The bundled background, loaded once; a failed or slow load is tried again next time. */
async function loadBackground(): Promise<HTMLImageElement | null> {
  background ??= withTimeout(loadImage(backgroundUrl), backgroundTimeoutMs, null);
  const image = await background;
  if (!image) background = undefined;
  return image;
}

/** Every face the image sets; canvas text uses a web font only once it has been loaded. */
const faces = [
  `500 40px ${serif}`,
  `600 40px ${serif}`,
  `italic 400 40px ${serif}`,
  `500 40px ${sans}`,
  `600 40px ${sans}`,
];

async function loadFonts(sample: string): Promise<void> {
  const loading = Promise.all(faces.map((face) => document.fonts.load(face, sample))).then(
    () => document.fonts.ready,
  );
  // Without the fonts the image is still made, in Georgia and the system sans.
  await withTimeout(loading, fontTimeoutMs, undefined);
}

function drawBackground(
  ctx: CanvasRenderingContext2D,
  size: number,
  image: HTMLImageElement | null,
) {
  if (image) {
    try {
      // Cover: fill the square, cropping the longer side.
      const side = Math.min(image.naturalWidth || size, image.naturalHeight || size);
      const sx = ((image.naturalWidth || size) - side) / 2;
      const sy = ((image.naturalHeight || size) - side) / 2;
      ctx.drawImage(image, sx, sy, side, side, 0, 0, size, size);
      return;
    } catch {
      // An image that cannot be drawn: the gradient below stands in for it.
    }
  }
  try {
    const sky = ctx.createLinearGradient(0, 0, size * 0.4, size);
    sky.addColorStop(0, '#fdf5e2');
    sky.addColorStop(0.5, '#eef2e2');
    sky.addColorStop(1, '#cfe2cb');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, size, size);
    const glow = ctx.createRadialGradient(
      size * 0.75,
      size * 0.2,
      0,
      size * 0.75,
      size * 0.2,
      size * 0.55,
    );
    glow.addColorStop(0, 'rgba(255, 230, 168, 0.8)');
    glow.addColorStop(1, 'rgba(255, 230, 168, 0)');
    ctx.fillStyle = glow;
    ctx.fillRect(0, 0, size, size);
  } catch (error) {
    throw new VerseImageError(`Failed to create background: ${messageOf(error)}`);
  }
}

/** Adds a rounded rectangle to the current path (by hand where roundRect is missing: Safari 15). */
function addRoundRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
) {
  if (typeof ctx.roundRect === 'function') {
    ctx.roundRect(x, y, w, h, r);
    return;
  }
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function roundedRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
) {
  ctx.beginPath();
  addRoundRect(ctx, x, y, w, h, r);
}

/** The white overlay at 0.85 (product §9), as a card with the background left showing round it. */
function drawPanel(ctx: CanvasRenderingContext2D, size: number, u: number) {
  const margin = 44 * u;
  const side = size - 2 * margin;
  const radius = 36 * u;

  // A soft shadow outside the card only (inside, it would grey the translucent white).
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, size, size);
  addRoundRect(ctx, margin, margin, side, side, radius);
  ctx.clip('evenodd');
  ctx.shadowColor = 'rgba(31, 56, 40, 0.16)';
  ctx.shadowBlur = 48 * u;
  ctx.shadowOffsetY = 14 * u;
  roundedRect(ctx, margin, margin, side, side, radius);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.restore();

  roundedRect(ctx, margin, margin, side, side, radius);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.fill();

  // A gold hairline a little inside the card's edge.
  const inset = margin + 18 * u;
  roundedRect(ctx, inset, inset, size - 2 * inset, size - 2 * inset, radius - 12 * u);
  ctx.strokeStyle = 'rgba(176, 122, 32, 0.32)';
  ctx.lineWidth = 1.5 * u;
  ctx.stroke();
}

type TextStyle = { font: (size: number) => string; color: string; tracking?: number };

function setStyle(ctx: CanvasRenderingContext2D, style: TextStyle, fontSize: number) {
  ctx.font = style.font(fontSize);
  ctx.fillStyle = style.color;
  ctx.letterSpacing = `${(style.tracking ?? 0) * fontSize}px`;
}

/** The largest size up to `fontSize` at which a single line fits `width`. */
function fitLine(
  ctx: CanvasRenderingContext2D,
  text: string,
  style: TextStyle,
  fontSize: number,
  width: number,
) {
  let size = fontSize;
  setStyle(ctx, style, size);
  while (size > 6 && ctx.measureText(text).width > width) {
    size -= 0.5;
    setStyle(ctx, style, size);
  }
  return size;
}

/** How far capitals rise above the baseline, as a share of the font size (Lora and Inter alike). */
const ascent = 0.74;

function drawLogo(ctx: CanvasRenderingContext2D, centerX: number, top: number, t: number) {
  const badge = 56 * t;
  const gap = 16 * t;
  const wordmark: TextStyle = {
    font: (s) => `600 ${s}px ${serif}`,
    color: ink.text,
    tracking: -0.01,
  };
  setStyle(ctx, wordmark, 46 * t);
  const textWidth = ctx.measureText('Grounded').width;
  const left = centerX - (badge + gap + textWidth) / 2;

  roundedRect(ctx, left, top, badge, badge, 15 * t);
  ctx.fillStyle = ink.primary;
  ctx.fill();
  ctx.save();
  const iconSize = badge * 0.56;
  ctx.translate(left + (badge - iconSize) / 2, top + (badge - iconSize) / 2);
  ctx.scale(iconSize / 24, iconSize / 24);
  ctx.strokeStyle = ink.leaf;
  ctx.lineWidth = 2;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const d of leafPaths) ctx.stroke(new Path2D(d));
  ctx.restore();

  setStyle(ctx, wordmark, 46 * t);
  ctx.textAlign = 'left';
  // Optically centred on the badge: the baseline sits a little below its middle.
  ctx.fillText('Grounded', left + badge + gap, top + badge / 2 + 46 * t * 0.34);
  ctx.textAlign = 'center';
  return top + badge;
}

function drawOrnament(ctx: CanvasRenderingContext2D, centerX: number, y: number, u: number) {
  const arm = 54 * u;
  const gap = 14 * u;
  const diamond = 5 * u;
  ctx.strokeStyle = 'rgba(176, 122, 32, 0.55)';
  ctx.lineWidth = 1.5 * u;
  ctx.beginPath();
  ctx.moveTo(centerX - gap - arm, y);
  ctx.lineTo(centerX - gap, y);
  ctx.moveTo(centerX + gap, y);
  ctx.lineTo(centerX + gap + arm, y);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(centerX, y - diamond);
  ctx.lineTo(centerX + diamond, y);
  ctx.lineTo(centerX, y + diamond);
  ctx.lineTo(centerX - diamond, y);
  ctx.closePath();
  ctx.fillStyle = ink.gold;
  ctx.fill();
}

/**
 * Everything written on the card, top to bottom: the product name and tagline, an ornament, the
 * verse (as large as fits), its reference, 'For when you feel {mood}', and the site's host.
 */
function drawText(
  ctx: CanvasRenderingContext2D,
  input: VerseImageInput,
  size: number,
  scale: number,
) {
  const u = size / 1080;
  const t = u * scale;
  const centerX = size / 2;
  const panelTop = 44 * u;
  const panelBottom = size - 44 * u;
  const contentWidth = size - 2 * (44 + 92) * u;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';

  // Header.
  const logoBottom = drawLogo(ctx, centerX, panelTop + 70 * u, t);
  const taglineStyle: TextStyle = {
    font: (s) => `500 ${s}px ${sans}`,
    color: ink.muted,
    tracking: 0.06,
  };
  const taglineSize = fitLine(ctx, tagline, taglineStyle, 21 * t, contentWidth);
  const taglineBaseline = logoBottom + 22 * u + taglineSize * ascent;
  ctx.fillText(tagline, centerX, taglineBaseline);
  const ornamentY = taglineBaseline + 34 * u;
  drawOrnament(ctx, centerX, ornamentY, u);

  // Footer: the site's host.
  const footerStyle: TextStyle = {
    font: (s) => `500 ${s}px ${sans}`,
    color: ink.muted,
    tracking: 0.12,
  };
  const host = window.location.host;
  const footerSize = fitLine(ctx, host, footerStyle, 19 * t, contentWidth);
  const footerBaseline = panelBottom - 62 * u;
  ctx.fillText(host, centerX, footerBaseline);

  // The verse block sits between the ornament and the footer.
  const regionTop = ornamentY + 52 * u;
  const regionBottom = footerBaseline - footerSize * ascent - 56 * u;
  const referenceStyle: TextStyle = {
    font: (s) => `600 ${s}px ${sans}`,
    color: ink.primary,
    tracking: 0.03,
  };
  const moodStyle: TextStyle = { font: (s) => `italic 400 ${s}px ${serif}`, color: ink.goldText };
  const reference = imageReferenceLine(input.reference, input.translation);
  const referenceSize = fitLine(ctx, reference, referenceStyle, 30 * t, contentWidth);
  const moodLine = `For when you feel ${input.mood?.trim() || defaultImageMood}`;
  const moodSize = fitLine(ctx, moodLine, moodStyle, 25 * t, contentWidth);
  const afterVerse = 40 * u;
  const afterReference = 20 * u;
  const trailerHeight = afterVerse + referenceSize * ascent + afterReference + moodSize;

  const verseStyle: TextStyle = { font: (s) => `500 ${s}px ${serif}`, color: ink.text };
  const verseBox = {
    text: `\u201C${bindShortWords(typographicQuotes(input.text.trim()))}\u201D`,
    width: contentWidth,
    lineHeight: 1.45,
    step: Math.max(0.5, Math.round(t * 2) / 2),
    measure: (line: string, fontSize: number) => {
      setStyle(ctx, verseStyle, fontSize);
      return ctx.measureText(line).width;
    },
  };
  const height = regionBottom - regionTop - trailerHeight;
  // Short and middling verses get air round them: they are set in four fifths of the box while
  // that allows a generous size. Only long verses fill it, shrinking as far as they must.
  const roomy = fitText({
    ...verseBox,
    height: height * 0.8,
    maxFontSize: Math.round(58 * t),
    minFontSize: Math.round(36 * t),
  });
  const verse = roomy.isComplete
    ? roomy
    : fitText({
        ...verseBox,
        height,
        maxFontSize: Math.round(36 * t),
        minFontSize: Math.max(8, Math.round(16 * t)),
      });
  const verseHeight = linesHeight(verse.lines.length, verse.fontSize, 1.45);
  const blockHeight = verseHeight + trailerHeight;
  // A little above the middle looks centred to the eye.
  const blockTop = regionTop + Math.max(0, (regionBottom - regionTop - blockHeight) * 0.46);

  setStyle(ctx, verseStyle, verse.fontSize);
  verse.lines.forEach((line, index) => {
    ctx.fillText(line, centerX, blockTop + verse.fontSize * ascent + index * verse.lineHeight);
  });
  const referenceBaseline = blockTop + verseHeight + afterVerse + referenceSize * ascent;
  setStyle(ctx, referenceStyle, referenceSize);
  ctx.fillText(reference, centerX, referenceBaseline);
  setStyle(ctx, moodStyle, moodSize);
  ctx.fillText(moodLine, centerX, referenceBaseline + afterReference + moodSize * ascent);
}

function toPng(canvas: HTMLCanvasElement): Promise<Blob | null> {
  // product §9 names a quality of 0.95; PNG is lossless, so browsers ignore it.
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png', 0.95));
}

/**
 * Draws the verse image of product §9 on a canvas and returns it as a PNG. Throws VerseImageError
 * with the messages of product §8.
 */
export async function renderVerseImage(
  input: VerseImageInput,
  options: { size: number; scale?: number },
): Promise<Blob> {
  const { size, scale = 1 } = options;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new VerseImageError('Could not get canvas context');
    // The subsets of the fonts (unicode ranges) this image needs, typographic quotes included.
    const sample = `${input.text} ${imageReferenceLine(input.reference, input.translation)} ${input.mood ?? ''} ${tagline} Grounded \u201C\u201D\u2018\u2013`;
    const [image] = await Promise.all([loadBackground(), loadFonts(sample)]);
    drawBackground(ctx, size, image);
    drawPanel(ctx, size, size / 1080);
    try {
      drawText(ctx, input, size, scale);
    } catch (error) {
      throw new VerseImageError(`Failed to render text: ${messageOf(error)}`);
    }
    const blob = await toPng(canvas);
    assertValidImageBlob(blob);
    return blob;
  } catch (error) {
    if (error instanceof VerseImageError) throw error;
    throw new VerseImageError(`Failed to generate image: ${messageOf(error)}`);
  }
}
