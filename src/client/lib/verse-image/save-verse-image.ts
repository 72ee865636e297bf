import { translationAbbreviation } from '#client/lib/translation-device.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { verseImageFileName } from './image-file.ts';

/** What is shared with the image: the verse, and the translation it is in when known. */
type SharedVerse = { reference: string; text: string; translation?: TranslationId };

/** product §9: the object URL of a download is kept 30 s, long enough for any browser to start. */
const revokeAfterMs = 30_000;

/**
 * product §9 share text: the reference, then the first 100 characters of the verse; the
 * reference names its translation when the image does (decision 015): 'John 3:16 (WEB) For God…'.
 */
export function verseShareText({ reference, text, translation }: SharedVerse): string {
  const shown = displayReference(reference);
  const named = translation ? `${shown} (${translationAbbreviation(translation)})` : shown;
  return `${named} ${text.slice(0, 100)}`;
}

/** Phones (a coarse pointer) that can share files (Web Share API Level 2). */
function canShareFile(file: File): boolean {
  if (typeof navigator.canShare !== 'function' || typeof navigator.share !== 'function') {
    return false;
  }
  // A desktop browser that can share files would open a share sheet where a download is
  // expected; only phones and tablets share.
  if (!window.matchMedia('(pointer: coarse)').matches) return false;
  try {
    return navigator.canShare({ files: [file] });
  } catch {
    return false;
  }
}

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs);
}

/**
 * Hands a verse image to the person: the share sheet on a phone that can share files, else a
 * download. Resolves 'shared' also when the share sheet was dismissed (nothing else to do then);
 * a share that fails otherwise falls back to the download.
 */
export async function saveVerseImage(
  blob: Blob,
  input: SharedVerse,
): Promise<'shared' | 'downloaded'> {
  const fileName = verseImageFileName(displayReference(input.reference));
  const file = new File([blob], fileName, { type: 'image/png' });
  if (canShareFile(file)) {
    try {
      await navigator.share({
        files: [file],
        title: displayReference(input.reference),
        text: verseShareText(input),
      });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'shared';
      // NotAllowedError (the tap's activation ran out while drawing) and the like: download.
    }
  }
  download(blob, fileName);
  return 'downloaded';
}
