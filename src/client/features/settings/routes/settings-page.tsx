import { PageShell } from '#client/components/page-shell.tsx';
import { AppearanceCard } from '#client/features/settings/components/appearance-card.tsx';
import { DeviceNotificationsCard } from '#client/features/settings/components/device-notifications-card.tsx';
import {
  GroupSettingsCard,
  ReadingReminderCard,
  StreakRestDayCard,
} from '#client/features/settings/components/habit-settings-cards.tsx';
import { NotificationsCard } from '#client/features/settings/components/notifications-card.tsx';
import { PrivacyCard } from '#client/features/settings/components/privacy-card.tsx';
import { ProfileCard } from '#client/features/settings/components/profile-card.tsx';
import { SecurityCard } from '#client/features/settings/components/security-card.tsx';
import { SignInMethodsCard } from '#client/features/settings/components/sign-in-methods-card.tsx';
import { TranslationCard } from '#client/features/settings/components/translation-card.tsx';
import { useSession } from '#client/lib/session.ts';

const sections = [
  { id: 'profile', label: 'Profile' },
  { id: 'sign-in-methods', label: 'Sign-in methods' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'reading-reminder', label: 'Reading reminder' },
  { id: 'streak-rest-day', label: 'Streak rest day' },
  { id: 'groups', label: 'Groups' },
  { id: 'device-notifications', label: 'This device' },
  { id: 'translation', label: 'Bible translation' },
  { id: 'appearance', label: 'Appearance' },
  { id: 'privacy', label: 'Privacy & data' },
  { id: 'security', label: 'Security' },
];

/**
 * product §2 /settings: profile, notifications, Bible translation (decision 015), theme, privacy.
 * Shown inside RequireAuth.
 */
export function SettingsPage() {
  const session = useSession();
  // Accounts created with Google may have no password; they confirm deletion by typing DELETE.
  const hasPassword = session.user?.has_password ?? true;
  return (
    <PageShell
      title="Settings"
      subtitle="Manage your profile, sign-in, reminders, translation, appearance and data."
    >
      <div className="lg:grid lg:grid-cols-[10rem_minmax(0,1fr)] lg:gap-10">
        <nav aria-label="Settings sections" className="hidden lg:block">
          <ul className="sticky top-24 space-y-1">
            {sections.map(({ id, label }) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="block rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="max-w-3xl min-w-0 space-y-6">
          <ProfileCard />
          {session.user ? <SignInMethodsCard user={session.user} /> : null}
          <NotificationsCard />
          <ReadingReminderCard />
          <StreakRestDayCard />
          <GroupSettingsCard />
          <DeviceNotificationsCard />
          <TranslationCard />
          <AppearanceCard />
          <PrivacyCard hasPassword={hasPassword} />
          <SecurityCard />
        </div>
      </div>
    </PageShell>
  );
}
