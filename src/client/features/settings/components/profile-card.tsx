import { UserRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { updateProfileRequestSchema, type Profile } from '../../../../shared/schemas/profile.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { useProfile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { CardLoadError, CardSkeleton, FieldError } from './card-states.tsx';
import { SettingsCard } from './settings-card.tsx';

export function ProfileCard() {
  const profile = useProfile();
  return (
    <SettingsCard
      id="profile"
      title="Profile"
      description="How you appear in Grounded."
      icon={UserRound}
    >
      {profile.isPending ? (
        <CardSkeleton label="Loading your profile..." />
      ) : profile.isError ? (
        <CardLoadError
          message="We couldn't load your profile."
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </SettingsCard>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const id = useId();
  const [displayName, setDisplayName] = useState(profile.display_name);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const isChanged = displayName.trim() !== profile.display_name;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = updateProfileRequestSchema.safeParse({ display_name: displayName });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter your name.');
      return;
    }
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setDisplayName(saved.display_name);
        notify.success('Settings Saved', 'Your profile has been updated.');
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 400) setError(failure.message);
        notify.error(
          'Save Failed',
          failureDescription(failure, 'There was an error saving your settings. Please try again.'),
        );
      },
    });
  }

  const errorId = `${id}-name-error`;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="space-y-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          value={profile.email}
          readOnly
          aria-describedby={`${id}-email-hint`}
          className="bg-muted focus-within:border-border"
        />
        <p id={`${id}-email-hint`} className="text-sm text-muted-foreground">
          Your e-mail address can&apos;t be changed here.
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-name`}>Display name</Label>
        <Input
          id={`${id}-name`}
          value={displayName}
          onChange={(event) => {
            setDisplayName(event.target.value);
            setError(null);
          }}
          autoComplete="name"
          maxLength={120}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <FieldError id={errorId} message={error} />
      </div>
      <div className="flex justify-end">
        <Button
          type="submit"
          disabled={!isChanged || update.isPending}
          className="w-full sm:w-auto"
        >
          {update.isPending ? <Spinner className="text-current" /> : null}
          Save changes
        </Button>
      </div>
    </form>
  );
}
