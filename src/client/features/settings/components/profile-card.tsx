import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { useProfile } from '#client/api/profile.ts';
import { loadOnce } from '#client/lib/load-once.ts';
import { useLoaded } from '#client/lib/use-loaded.ts';
import { CardLoadError, CardSkeleton } from './card-states.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SettingsCard } from './settings-card.tsx';

// The picture's part (the avatar, choosing, dropping, removing) is fetched alongside the profile
// it shows, not with the Settings screen, whose first load is at its budget (decision 014,
// decision 014): the card shows its skeleton until both have come. The crop dialog comes later
// still (profile-picture.tsx).
const pictureCode = loadOnce(() => import('./profile-picture.tsx'));

export function ProfileCard() {
  const profile = useProfile();
  const [isCodeMissing, setIsCodeMissing] = useState(false);
  const picture = useLoaded(pictureCode, !isCodeMissing, () => setIsCodeMissing(true));
  return (
    <SettingsCard
      id="profile"
      title="Profile"
      description="How you appear in Grounded."
      icon={UserRound}
    >
      {profile.isError || isCodeMissing ? (
        <CardLoadError
          message="We couldn't load your profile."
          onRetry={() => {
            setIsCodeMissing(false);
            if (profile.isError) void profile.refetch();
          }}
        />
      ) : profile.isPending || !picture ? (
        <CardSkeleton label="Loading your profile..." />
      ) : (
        <div className="flex flex-col gap-8 sm:flex-row sm:items-start">
          <picture.ProfilePicture profile={profile.data} />
          <div className="min-w-0 flex-1">
            <ProfileForm profile={profile.data} />
          </div>
        </div>
      )}
    </SettingsCard>
  );
}
