import { LogOut, LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { useSignOutAll } from '#client/api/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialogContent } from '#client/components/ui/confirm-dialog-content.tsx';
import { Dialog, DialogTrigger } from '#client/components/ui/dialog.tsx';
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
          <ConfirmDialogContent
            title="Sign out of all devices?"
            description="Every device signed in to your account will be signed out, including this one. You will need to sign in again on each of them."
            confirmLabel="Sign out everywhere"
            confirmIcon={<LogOut aria-hidden="true" />}
            isPending={signOutAll.isPending}
            onConfirm={() =>
              signOutAll.mutate(undefined, { onError: () => setIsConfirming(false) })
            }
          />
        </Dialog>
      </div>
    </SettingsCard>
  );
}
