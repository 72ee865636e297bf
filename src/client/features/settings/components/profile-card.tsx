import { UserRound } from 'lucide-react';
import { useProfile } from '../../../api/profile.ts';
import { CardLoadError, CardSkeleton } from './card-states.tsx';
import { ProfileForm } from './profile-form.tsx';
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
