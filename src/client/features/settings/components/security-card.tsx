import { LogOut, LockKeyhole } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSignOutAll } from '../../../lib/sign-out-all.ts';
import { SettingsCard } from './settings-card.tsx';

export function SecurityCard() {
  // Goes to /, clears the session and shows 'Signed out' (or 'Sign out failed') by itself.
  const signOutAll = useSignOutAll();
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
        <Button
          variant="outline"
          onClick={() => signOutAll.mutate()}
          disabled={signOutAll.isPending}
          className="w-full shrink-0 sm:w-auto"
        >
          {signOutAll.isPending ? (
            <Spinner className="text-current" />
          ) : (
            <LogOut aria-hidden="true" />
          )}
          Sign out of all devices
        </Button>
      </div>
    </SettingsCard>
  );
}
