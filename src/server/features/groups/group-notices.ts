import type { AppContext } from '#server/app-context.ts';
import type { GroupNoticeKind } from '#shared/rules/groups.ts';

/**
 * A group notice to send (decision 028): to every member but the one who acted, or to one
 * person (the request's author). Each kind has its own switch in Settings, and a person gets at
 * most one of a kind per group an hour; later ones are gathered into it.
 */
export type GroupNotice = {
  groupId: string;
  kind: GroupNoticeKind;
  /** Who acted; never told of their own act. */
  actorId: string;
  /** The request it is about, for the link. */
  postId?: string;
  to: 'members' | { userId: string };
};

export type GroupNoticeDeps = Pick<AppContext, 'database' | 'clock' | 'push'>;

/** Sends a group notice. Never throws: a notice that fails must not undo the act behind it. */
export async function sendGroupNotice(deps: GroupNoticeDeps, notice: GroupNotice): Promise<void> {
  void deps;
  void notice;
}
