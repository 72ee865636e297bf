import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useRemoveProfilePicture } from '#client/api/profile.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialogContent } from '#client/components/ui/confirm-dialog-content.tsx';
import { Dialog, DialogTrigger } from '#client/components/ui/dialog.tsx';
import { UserAvatar } from '#client/components/user-avatar.tsx';
import { cn } from '#client/lib/cn.ts';
import { loadOnce } from '#client/lib/load-once.ts';
import { notify } from '#client/lib/notify.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';
import { useLoadedWhileOpen } from '#client/lib/use-loaded.ts';
import { acceptedPictureTypes, fileErrorTitles } from '#shared/rules/files.ts';
import type { Profile } from '#shared/schemas/profile.ts';

// The crop dialog and react-easy-crop (about 7 KB gzip), which most visits to Settings never
// open, are fetched when the browser is idle after this part appears, or when a picture is
// chosen (decision 014).
const dialogCode = loadOnce(() => import('./profile-picture-dialog.lazy.tsx'));

/** The picture is drawn 112 CSS pixels wide from sm up (80 below): its 512 px file. */
const drawnAt = 112;

/** Only a drag that carries files lights the drop zone up (not a dragged link or text). */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer.types.includes('Files');
}

/**
 * The profile picture in Settings → Profile: the current one (initials when none), 'Choose a
 * picture' (or a picture dropped on it), which opens the crop dialog, and 'Remove picture'
 * after a confirmation. Keyboard users have the button; the drop zone is an extra.
 */
export function ProfilePicture({ profile }: { profile: Profile }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const remove = useRemoveProfilePicture();
  useIdlePreload(dialogCode.preload);
  const dialog = useLoadedWhileOpen(dialogCode, chosen !== null, () => setChosen(null));

  function choose(file: File | undefined) {
    // Too large or not a picture (by its type, then its first bytes): refused here, before the
    // crop dialog opens (the dialog's module says why); the server decides from the bytes too.
    if (!file) return;
    dialogCode.load().then(
      async (code) => {
        if (await code.isPictureToTry(file)) setChosen(file);
      },
      () => notify.error('Could not open this', 'Please check your connection and try again.'),
    );
  }

  function onDrop(event: DragEvent) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setIsDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  function onDragOver(event: DragEvent) {
    if (!carriesFiles(event)) return;
    event.preventDefault(); // allows the drop
    event.dataTransfer.dropEffect = 'copy';
    setIsDragging(true);
  }

  function onDragLeave(event: DragEvent) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
  }

  function onRemove() {
    remove.mutate(undefined, {
      onSuccess: () => notify.success('Profile picture removed'),
      onError: (failure) => notify.error(fileErrorTitles.remove, failure.message),
      onSettled: () => setIsConfirming(false),
    });
  }

  const hasPicture = profile.profile_image_url !== null;
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className="flex items-center gap-5 sm:w-44 sm:flex-col sm:items-stretch sm:gap-4"
    >
      <div
        className={cn(
          'relative shrink-0 rounded-full outline-2 outline-offset-4 sm:self-center',
          isDragging ? 'outline-primary outline-dashed' : 'outline-transparent',
        )}
      >
        <UserAvatar
          user={profile}
          size={drawnAt}
          className="size-20 text-2xl sm:size-28 sm:text-3xl"
        />
        {isDragging ? (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-background/75 text-primary">
            <ImagePlus className="size-7" aria-hidden="true" />
          </span>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <p id={`${id}-title`} className="text-sm font-medium sm:text-center">
          Profile picture
        </p>
        <Button
          ref={chooseRef}
          variant="outline"
          size="sm"
          icon={<ImagePlus aria-hidden="true" />}
          aria-describedby={`${id}-hint`}
          onClick={() => inputRef.current?.click()}
        >
          Choose a picture
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept={acceptedPictureTypes.join(',')}
          hidden
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = ''; // the same file can be chosen again after Cancel
          }}
        />
        {/* Kept while the picture goes: the dialog closes after the removal, with focus
            moved to 'Choose a picture' as the button that opened it is gone. */}
        <Dialog
          open={isConfirming}
          onOpenChange={(open) => {
            if (!remove.isPending) setIsConfirming(open);
          }}
        >
          {hasPicture ? (
            <DialogTrigger asChild>
              <Button
                ref={removeRef}
                variant="ghost"
                size="sm"
                icon={<Trash2 aria-hidden="true" />}
              >
                Remove picture
              </Button>
            </DialogTrigger>
          ) : null}
          <ConfirmDialogContent
            title="Remove your picture?"
            description="Your initials will show instead, in the header and beside your testimonies. You can choose a new picture at any time."
            confirmLabel="Remove picture"
            confirmIcon={<Trash2 aria-hidden="true" />}
            isPending={remove.isPending}
            onConfirm={onRemove}
            onCloseAutoFocus={(event) => {
              if (removeRef.current) return;
              event.preventDefault();
              chooseRef.current?.focus();
            }}
          />
        </Dialog>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground sm:text-center">
          JPEG, PNG, WebP, HEIC or AVIF, up to 5 MB. You can also drop one here.
        </p>
      </div>
      {dialog && chosen ? (
        <dialog.ProfilePictureDialog
          file={chosen}
          onClose={() => setChosen(null)}
          returnFocusTo={chooseRef}
        />
      ) : null}
    </div>
  );
}
