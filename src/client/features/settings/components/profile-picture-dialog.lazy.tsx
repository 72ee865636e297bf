import { ImageOff } from 'lucide-react';
import { useEffect, useId, useState, type RefObject } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useUploadProfilePicture, type PictureCrop } from '#client/api/profile.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import {
  acceptedPictureTypes,
  fileErrorTitles,
  fileLimits,
  fileMessages,
} from '#shared/rules/files.ts';

// The crop dialog of Settings → Profile, with react-easy-crop (about 7 KB gzip): profile-picture.tsx
// fetches this module when the browser is idle on Settings, or when a picture is chosen.

const acceptedTypes: readonly string[] = acceptedPictureTypes;

/** ISO media brands of the HEIC, HEIF and AVIF pictures the server decodes. */
const heifBrands = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'mif1',
  'msf1',
  'avif',
  'avis',
]);

/**
 * Whether the first bytes are those of a picture the server takes (JPEG, PNG, WebP, HEIC or
 * AVIF), whatever the file's name or type say: an SVG renamed .png is refused here, not on Save.
 */
export function startsAsAcceptedPicture(head: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  const isPng = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every(
    (byte, at) => head[at] === byte,
  );
  const isJpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const isWebp = ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
  const isHeif = ascii(4, 8) === 'ftyp' && heifBrands.has(ascii(8, 12));
  return isPng || isJpeg || isWebp || isHeif;
}

async function readHead(file: File): Promise<Uint8Array> {
  const slice = file.slice(0, 16);
  // Blob.arrayBuffer where the browser has it; a FileReader otherwise.
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(slice);
  });
}

/**
 * Whether a chosen file is worth sending; if not, a toast says why (the server's own words),
 * before the crop dialog opens. The type the system gave is checked, then the bytes themselves
 * (the server decides from them all the same); a file with no type (a HEIC picture on some
 * systems) is judged by its bytes alone.
 */
export async function isPictureToTry(file: File): Promise<boolean> {
  let problem: string | null =
    file.size > fileLimits.maxUploadBytes
      ? fileMessages.tooLarge
      : file.type !== '' && !acceptedTypes.includes(file.type)
        ? fileMessages.unsupported
        : null;
  if (problem === null) {
    const head = await readHead(file).catch(() => null);
    if (head === null) problem = fileMessages.unreadable;
    else if (!startsAsAcceptedPicture(head)) problem = fileMessages.unsupported;
  }
  if (problem) notify.error(fileErrorTitles.upload, problem);
  return problem === null;
}

type Shown = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'unreadable' };

/**
 * The file as this browser shows it, once decoded, or 'unreadable' if it cannot (HEIC in
 * Chromium, say): the server, which can, then keeps its centre square.
 */
function useShownPicture(file: File): Shown {
  const [shown, setShown] = useState<Shown>({ status: 'loading' });
  useEffect(() => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.src = url;
    let isCurrent = true;
    image.decode().then(
      () => isCurrent && setShown({ status: 'ready', url }),
      () => isCurrent && setShown({ status: 'unreadable' }),
    );
    return () => {
      isCurrent = false;
      URL.revokeObjectURL(url);
    };
  }, [file]);
  return shown;
}

/** react-easy-crop's area (percentages of the picture as shown) as the upload's fractions. */
function cropOf(area: Area): PictureCrop {
  const fraction = (percent: number) => Math.round(percent * 1e4) / 1e6;
  return {
    left: fraction(area.x),
    top: fraction(area.y),
    width: fraction(area.width),
    height: fraction(area.height),
  };
}

/** The kept square, drawn round at the size of the header's avatar, as the crop moves. */
function RoundPreview({ url, area }: { url: string; area: Area }) {
  return (
    <div aria-hidden="true" className="flex shrink-0 flex-col items-center gap-1.5">
      <div className="relative size-16 overflow-hidden rounded-full bg-muted ring-1 ring-border">
        <img
          src={url}
          alt=""
          className="absolute max-w-none"
          style={{
            width: `${10_000 / area.width}%`,
            height: `${10_000 / area.height}%`,
            left: `${(-100 * area.x) / area.width}%`,
            top: `${(-100 * area.y) / area.height}%`,
          }}
        />
      </div>
      <span className="text-xs text-muted-foreground">Preview</span>
    </div>
  );
}

type ProfilePictureDialogProps = {
  file: File;
  onClose: () => void;
  /** Where focus goes when the dialog closes ('Choose a picture'; a drop had no focus). */
  returnFocusTo: RefObject<HTMLElement | null>;
};

const maxZoom = 4;

/**
 * Crops the chosen picture to a square: drag it, or move it with the arrow keys once the crop
 * area has focus; zoom with the slider, the wheel or a pinch. The circle and the preview show
 * what the header will. Save uploads the file with the crop; the dialog stays open while it
 * runs, and after a failure other than the file's own (too large, not a picture).
 */
export function ProfilePictureDialog({ file, onClose, returnFocusTo }: ProfilePictureDialogProps) {
  const id = useId();
  const shown = useShownPicture(file);
  const [position, setPosition] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const upload = useUploadProfilePicture();
  const isReady = shown.status === 'unreadable' || (shown.status === 'ready' && area !== null);

  function save() {
    const crop = shown.status === 'ready' && area ? cropOf(area) : null;
    upload.mutate(
      { file, crop },
      {
        onSuccess: () => {
          notify.success('Profile picture updated');
          onClose();
        },
        onError: (failure) => {
          notify.error(fileErrorTitles.upload, failure.message);
          const isTheFile =
            failure instanceof ApiError && (failure.status === 413 || failure.status === 415);
          if (isTheFile) onClose();
        },
      },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !upload.isPending) onClose();
      }}
    >
      <DialogContent
        className="sm:max-w-lg"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle>Crop your picture</DialogTitle>
        <DialogDescription className="mt-2">
          {shown.status === 'unreadable'
            ? "This picture can't be previewed here; its centre square will be used."
            : 'Drag the picture, or use the arrow keys, to place it in the circle. Zoom to fit.'}
        </DialogDescription>
        {shown.status === 'ready' ? (
          <>
            <div className="relative mt-5 h-72 w-full overflow-hidden rounded-xl bg-neutral-900 sm:h-80">
              <Cropper
                image={shown.url}
                crop={position}
                zoom={zoom}
                maxZoom={maxZoom}
                aspect={1}
                cropShape="round"
                showGrid={false}
                onCropChange={setPosition}
                onZoomChange={setZoom}
                onCropAreaChange={setArea}
                // 10 CSS pixels an arrow press (react-easy-crop's 1 would take hundreds to
                // cross a zoomed picture); with Shift, 2.
                keyboardStep={10}
                cropperProps={{ role: 'group', 'aria-label': 'Crop area' }}
                // The focus ring inside the circle: the circle reaches the box's edges, which
                // would clip a ring outside it.
                classes={{
                  cropAreaClassName:
                    'focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-ring',
                }}
              />
            </div>
            <div className="mt-4 flex items-center gap-5">
              <div className="min-w-0 flex-1 space-y-2">
                <label htmlFor={`${id}-zoom`} className="text-sm font-medium">
                  Zoom
                </label>
                <input
                  id={`${id}-zoom`}
                  type="range"
                  min={1}
                  max={maxZoom}
                  step={0.05}
                  value={zoom}
                  aria-valuetext={`${Math.round(zoom * 100)}%`}
                  onChange={(event) => setZoom(Number(event.target.value))}
                  className="block w-full accent-primary"
                />
              </div>
              {area ? <RoundPreview url={shown.url} area={area} /> : null}
            </div>
          </>
        ) : shown.status === 'loading' ? (
          <div className="mt-5 flex h-72 items-center justify-center rounded-xl bg-muted sm:h-80">
            <Spinner label="Loading the picture" />
          </div>
        ) : (
          <div className="mt-5 flex h-40 items-center justify-center rounded-xl bg-muted text-muted-foreground">
            <ImageOff className="size-8" aria-hidden="true" />
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={upload.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            onClick={save}
            disabled={!isReady}
            isBusy={upload.isPending}
            busyLabel="Saving..."
          >
            Save
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
