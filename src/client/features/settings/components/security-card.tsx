import { LogOut, LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSignOutAll } from '../../../lib/sign-out-all.ts';
import { SettingsCard } from './settings-card.tsx';

export function SecurityCard() {
  // Goes to /, clears the session and shows 'Signed out' (or 'Sign out failed') by itself.
  const signOutAll = useSignOutAll();
  // Every device has to sign in again afterwards, so one stray click should not do it.
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <SettingsCard
      id="security"
      title="Security"
      description="Keep your account safe on every device."
      icon={LockKeyhole}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <div className="min-w-0 space-y-1">
          <h3 className="font-medium">Sign out everywhere</h3>
          <p className="text-sm text-muted-foreground">
            Lost a phone or used a shared computer? This signs you out on every device, including
            this one. You can sign in again at any time.
          </p>
        </div>
        <Dialog
          open={isConfirming}
          onOpenChange={(open) => {
            if (!signOutAll.isPending) setIsConfirming(open);
          }}
        >
          <DialogTrigger asChild>
            <Button variant="outline" className="w-full shrink-0 sm:w-auto">
              <LogOut aria-hidden="true" />
              Sign out of all devices
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogTitle>Sign out of all devices?</DialogTitle>
            <DialogDescription className="mt-2">
              Every device signed in to your account will be signed out, including this one. You
              will need to sign in again on each of them.
            </DialogDescription>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline" disabled={signOutAll.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button
                onClick={() =>
                  signOutAll.mutate(undefined, { onError: () => setIsConfirming(false) })
                }
                disabled={signOutAll.isPending}
                className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              >
                {signOutAll.isPending ? (
                  <Spinner className="text-current" />
                ) : (
                  <LogOut aria-hidden="true" />
                )}
                Sign out everywhere
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      </div>
    </SettingsCard>
  );
}
