import { ChevronRight, Download, FileText, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useExportAccountData, type ExportFormat } from '#client/api/account.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api-client.ts';
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

const savedAs: Record<ExportFormat, string> = {
  json: 'Your data is being saved as a JSON file.',
  markdown:
    'Your notes, highlights, journal and saved verses are being saved as Markdown files in a zip.',
  csv: 'Your notes, highlights, journal and saved verses are being saved as CSV files in a zip.',
};

/** A download of one export format, with its own busy state and its toasts. */
function useDownload(format: ExportFormat) {
  const exportData = useExportAccountData(format);
  const download = () =>
    exportData.mutate(undefined, {
      onSuccess: () => notify.success('Download started', savedAs[format]),
      onError: (error) =>
        notify.error(
          'Download Failed',
          // Past the per-person limit the server says how long to wait.
          error instanceof ApiError && error.status === 429
            ? error.message
            : 'There was an error downloading your data. Please try again.',
        ),
    });
  return { download, isBusy: exportData.isPending };
}

export function PrivacyCard({ hasPassword }: { hasPassword: boolean }) {
  const json = useDownload('json');
  const markdown = useDownload('markdown');
  const csv = useDownload('csv');

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
              onClick={json.download}
              isBusy={json.isBusy}
              icon={<Download aria-hidden="true" />}
              className="w-full sm:w-auto"
            >
              Download my data
            </Button>
          }
        />
        <Row
          title="Open your words elsewhere"
          description="Your notes on verses, highlights, journal and prayers, and saved verses, as a zip of Markdown files for a notes app or of CSV files for a spreadsheet."
          action={
            <div className="flex flex-col gap-2">
              <Button
                variant="outline"
                onClick={markdown.download}
                isBusy={markdown.isBusy}
                icon={<Download aria-hidden="true" />}
                className="w-full sm:w-auto"
              >
                Download as Markdown
              </Button>
              <Button
                variant="outline"
                onClick={csv.download}
                isBusy={csv.isBusy}
                icon={<Download aria-hidden="true" />}
                className="w-full sm:w-auto"
              >
                Download as CSV
              </Button>
            </div>
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
