import { Check, Download, Heart } from 'lucide-react';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

type SaveVerseButtonProps = {
  /** The button's words before saving, e.g. 'Save' or 'Save Verse'. */
  label: string;
  onSave: () => void;
  isSaving: boolean;
  isSaved: boolean;
  disabled?: boolean;
};

/**
 * Saves the verse shown: 'Saving...', then 'Saved'. While saving or once saved it stays
 * focusable (aria-disabled, not disabled), so a second press is the page's to ignore.
 */
export function SaveVerseButton({
  label,
  onSave,
  isSaving,
  isSaved,
  disabled,
}: SaveVerseButtonProps) {
  return (
    <Button
      onClick={onSave}
      disabled={disabled}
      aria-disabled={isSaving || isSaved}
      className="aria-disabled:opacity-70"
    >
      {isSaving ? (
        <Spinner className="text-current" />
      ) : isSaved ? (
        <Check aria-hidden="true" />
      ) : (
        <Heart aria-hidden="true" />
      )}
      {isSaving ? 'Saving...' : isSaved ? 'Saved' : label}
    </Button>
  );
}

type DownloadImageButtonProps = {
  /** The button's words, e.g. 'Download'. */
  label: string;
  /** Its words while the image is drawn and saved, e.g. 'Creating...'. */
  busyLabel: string;
  onDownload: () => void;
  isDownloading: boolean;
  disabled?: boolean;
};

/** Downloads the verse shown as an image; disabled while it does. */
export function DownloadImageButton({
  label,
  busyLabel,
  onDownload,
  isDownloading,
  disabled = false,
}: DownloadImageButtonProps) {
  return (
    <Button variant="outline" onClick={onDownload} disabled={disabled || isDownloading}>
      {isDownloading ? <Spinner className="text-current" /> : <Download aria-hidden="true" />}
      {isDownloading ? busyLabel : label}
    </Button>
  );
}
