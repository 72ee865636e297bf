import { PageShell } from '../../../components/page-shell.tsx';
import { useSession } from '../../../lib/session.ts';
import { AppearanceCard } from '../components/appearance-card.tsx';
import { DeviceNotificationsCard } from '../components/device-notifications-card.tsx';
import { ReadingReminderCard, StreakRestDayCard } from '../components/habit-settings-cards.tsx';
import { NotificationsCard } from '../components/notifications-card.tsx';
import { PrivacyCard } from '../components/privacy-card.tsx';
import { ProfileCard } from '../components/profile-card.tsx';
import { SecurityCard } from '../components/security-card.tsx';
import { SignInMethodsCard } from '../components/sign-in-methods-card.tsx';
import { TranslationCard } from '../components/translation-card.tsx';

const sections = [
  { id: 'profile', label: 'Profile' },
  { id: 'sign-in-methods', label: 'Sign-in methods' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'reading-reminder', label: 'Reading reminder' },
  { id: 'streak-rest-day', label: 'Streak rest day' },
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
