import { UsersRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAcceptInvite, useInvitePreview } from '#client/api/groups.ts';
import { LoadingState } from '#client/components/loading-state.tsx';
import { PageShell } from '#client/components/page-shell.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { messageOf } from '#client/features/groups/components/fields.ts';
import { notify } from '#client/lib/notify.ts';
import { rememberPendingAction, takePendingAction } from '#client/lib/pending-action.ts';
import { useSession } from '#client/lib/session.ts';

const joinAction = 'join-group';

/**
 * /groups/join/{token}: an invite link (decision 028). It shows the group's name; a member
 * joins with one tap, a visitor signs in or signs up first and comes back here, where the join
 * they asked for goes through (the app's pending action), then lands in the group.
 */
export function JoinGroupPage() {
  const { token = '' } = useParams();
  const path = `/groups/join/${token}`;
  const session = useSession();
  const preview = useInvitePreview(token);
  const accept = useAcceptInvite(token);
  const navigate = useNavigate();
  const resumed = useRef(false);

  const join = () => {
    accept.mutate(undefined, {
      onSuccess: ({ group_id: groupId }) => {
        notify.success(`You joined ${preview.data?.group_name ?? 'the group'}`);
        void navigate(`/groups/${groupId}`, { replace: true });
      },
      onError: (error) =>
        notify.error('Could not join', messageOf(error, 'The group could not be joined.')),
    });
  };

  // Back from signing in with a join waiting: it goes through once.
  useEffect(() => {
    if (resumed.current || session.status !== 'signed-in' || !preview.data) return;
    resumed.current = true;
    if (takePendingAction(joinAction, path) !== undefined) join();
  });

  let body;
  if (preview.isPending) {
    body = <LoadingState label="Opening the invite..." />;
  } else if (preview.data === undefined) {
    body = (
      <div className="space-y-4 rounded-2xl border border-border bg-card p-6">
        <p role="alert">
          {messageOf(
            preview.error,
            'This invite link is no longer valid. Ask the group for a new one.',
          )}
        </p>
        <Button asChild variant="outline">
          <Link to="/">Go home</Link>
        </Button>
      </div>
    );
  } else {
    const { group_name: name, member_count: count, group_id: groupId } = preview.data;
    body = (
      <div className="space-y-5 rounded-2xl border border-border bg-card p-6 shadow-xs">
        <div className="flex items-center gap-3">
          <UsersRound aria-hidden="true" className="size-6 text-primary" />
          <div>
            <h2 className="font-serif text-2xl font-semibold">{name}</h2>
            <p className="text-sm text-muted-foreground">
              A private group · {count} {count === 1 ? 'member' : 'members'}
            </p>
          </div>
        </div>
        <p>You have been invited to read and pray with this group.</p>
        {groupId ? (
          <Button asChild>
            <Link to={`/groups/${groupId}`}>You are in this group: open it</Link>
          </Button>
        ) : session.status === 'signed-in' ? (
          <Button onClick={join} disabled={accept.isPending}>
            Join {name}
          </Button>
        ) : session.status === 'signed-out' ? (
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link
                to="/auth"
                state={{ from: path }}
                onClick={() => rememberPendingAction({ kind: joinAction, data: token }, path)}
              >
                Sign in to join
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link
                to="/auth"
                state={{ from: path, tab: 'signup' }}
                onClick={() => rememberPendingAction({ kind: joinAction, data: token }, path)}
              >
                Create an account
              </Link>
            </Button>
          </div>
        ) : null}
      </div>
    );
  }

  return <PageShell title="Join a Group">{body}</PageShell>;
}
