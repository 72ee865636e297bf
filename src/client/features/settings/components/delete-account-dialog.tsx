import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useDeleteAccount } from '#client/api/account.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { loadOnce } from '#client/lib/load-once.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';
import { useLoadedWhileOpen } from '#client/lib/use-loaded.ts';

const formCode = loadOnce(() => import('./delete-account-form.tsx'));

/**
 * Asks once more before erasing everything: the password, or for an account without one
 * (Google sign-in) the word DELETE (delete-account-form.tsx). Radix traps focus inside and
 * returns it to the trigger; the dialog cannot be closed while the deletion is under way.
 */
export function DeleteAccountDialog({ hasPassword }: { hasPassword: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const deletion = useDeleteAccount();
  useIdlePreload(formCode.preload);
  const form = useLoadedWhileOpen(formCode, isOpen, () => setIsOpen(false));

  function onOpenChange(open: boolean) {
    if (deletion.isPending) return;
    setIsOpen(open);
    if (!open) deletion.reset();
  }

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          className="w-full border-destructive/50 text-destructive hover:bg-destructive/10 sm:w-auto"
        >
          Delete account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <div className="flex items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <TriangleAlert className="size-5" aria-hidden="true" />
          </span>
          <div className="space-y-2">
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              Every journal entry, prayer, saved verse, highlight, bookmark, reading plan and its
              progress, streak, memory card, testimony, notification, setting and your profile
              picture will be erased forever. This cannot be undone. You may want to download your
              data first.
            </DialogDescription>
          </div>
        </div>
        {form ? (
          <form.DeleteAccountForm hasPassword={hasPassword} deletion={deletion} />
        ) : (
          <div className="mt-6 flex justify-center py-6">
            <Spinner label="Loading" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
