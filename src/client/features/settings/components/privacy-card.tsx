import { ChevronRight, Download, FileText, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useExportAccountData } from '#client/api/account.ts';
import { Button } from '#client/components/ui/button.tsx';
import { notify } from '#client/lib/notify.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { SettingsCard } from './settings-card.tsx';

const documents = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
];

function Row({
  title,
  description,
  action,
}: {
  title: string;
  description: ReactNode;
  action: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 py-6 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="min-w-0 space-y-1">
        <h3 className="font-medium">{title}</h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="shrink-0">{action}</div>
    </div>
  );
}

export function PrivacyCard({ hasPassword }: { hasPassword: boolean }) {
  const exportData = useExportAccountData();

  function download() {
    exportData.mutate(undefined, {
      onSuccess: () =>
        notify.success('Download started', 'Your data is being saved as a JSON file.'),
      onError: () =>
        notify.error(
          'Download Failed',
          'There was an error downloading your data. Please try again.',
        ),
    });
  }

  return (
    <SettingsCard
      id="privacy"
      title="Privacy & data"
      description="Your data is encrypted and never sold. It stays yours."
      icon={ShieldCheck}
    >
      <ul className="grid gap-2 sm:grid-cols-2">
        {documents.map(({ to, label }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex items-center gap-3 rounded-xl border border-border px-4 py-3 text-sm font-medium transition-colors hover:bg-muted"
            >
              <FileText className="size-4 text-primary" aria-hidden="true" />
              {label}
              <ChevronRight className="ml-auto size-4 text-muted-foreground" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-2 divide-y divide-border">
        <Row
          title="Download your data"
          description="A copy of your profile and profile picture, settings, notifications, journal entries and prayers, saved verses, highlights, bookmarks, reading progress, reading plans, streaks, memory cards and testimonies, as a JSON file."
          action={
            <Button
              variant="outline"
              onClick={download}
              isBusy={exportData.isPending}
              icon={<Download aria-hidden="true" />}
              className="w-full sm:w-auto"
            >
              Download my data
            </Button>
          }
        />
        <Row
          title="Delete your account"
          description="Permanently erase your account and everything in it: your profile and picture, settings, notifications, journal entries and prayers, saved verses, highlights, bookmarks, reading progress, reading plans, streaks, memory cards and testimonies."
          action={<DeleteAccountDialog hasPassword={hasPassword} />}
        />
      </div>
    </SettingsCard>
  );
}
