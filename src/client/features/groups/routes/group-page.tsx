import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { forgetGroup, useGroup } from '#client/api/groups.ts';
import { LoadingState } from '#client/components/loading-state.tsx';
import { PageShell } from '#client/components/page-shell.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { messageOf } from '#client/features/groups/components/fields.ts';
import { GroupAdmin } from '#client/features/groups/components/group-admin.tsx';
import { GroupMembers } from '#client/features/groups/components/group-members.tsx';
import { PrayerWall } from '#client/features/groups/components/prayer-wall.tsx';
import { ReadingTogether } from '#client/features/groups/components/reading-together.tsx';
import { useGroupEvents } from '#client/features/groups/lib/use-group-events.ts';
import { notify } from '#client/lib/notify.ts';

const tabs = [
  ['wall', 'Prayer wall'],
  ['reading', 'Reading together'],
  ['members', 'Members'],
] as const;
type Tab = (typeof tabs)[number][0];
const isTab = (value: string | null): value is Tab => tabs.some(([tab]) => tab === value);

const triggerClassName =
  'h-auto min-h-11 px-2 text-center text-xs leading-tight sm:px-4 sm:text-sm';

/**
 * /groups/{id} (members): a private group's page (decision 028): its prayer wall, its reading
 * together and its members, kept current while open by the group's live stream.
 */
export function GroupPage() {
  const { id = '' } = useParams();
  const group = useGroup(id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'wall';
  const onRemoved = useCallback(() => {
    forgetGroup(queryClient, id);
    notify.info('You are no longer in this group.');
    void navigate('/groups', { replace: true });
  }, [id, navigate, queryClient]);
  const live = useGroupEvents(id, { onRemoved });

  if (group.isPending) {
    return (
      <PageShell title="Group" back={{ to: '/groups', label: 'Groups' }}>
        <LoadingState label="Loading the group..." />
      </PageShell>
    );
  }
  if (!group.data) {
    return (
      <PageShell title="Group not found" back={{ to: '/groups', label: 'Groups' }}>
        <p role="alert">{messageOf(group.error, 'That group was not found.')}</p>
      </PageShell>
    );
  }
  const data = group.data;
  return (
    <PageShell
      title={data.name}
      subtitle={data.description || undefined}
      back={{ to: '/groups', label: 'Groups' }}
    >
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">
        {data.member_count} {data.member_count === 1 ? 'member' : 'members'} · Private ·{' '}
        <span role="status">{live === 'live' ? 'Live' : 'Reconnecting…'}</span>
      </p>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearchParams(value === 'wall' ? {} : { tab: value }, { replace: true })
        }
        className="space-y-6"
      >
        <TabsList aria-label="Group sections">
          {tabs.map(([value, label]) => (
            <TabsTrigger key={value} value={value} className={triggerClassName}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="wall">
          <h2 className="sr-only">Prayer wall</h2>
          <PrayerWall group={data} />
        </TabsContent>
        <TabsContent value="reading">
          <h2 className="sr-only">Reading together</h2>
          <ReadingTogether group={data} />
        </TabsContent>
        <TabsContent value="members" className="space-y-8">
          <h2 className="sr-only">Members</h2>
          <GroupMembers group={data} />
          <GroupAdmin group={data} />
        </TabsContent>
      </Tabs>
    </PageShell>
  );
}
