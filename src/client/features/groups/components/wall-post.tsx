import { CheckCircle2, EyeClosed, Flag, HandHelping, MessageCircle } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  isAlreadyPrayed,
  useCreateReply,
  useDeleteWallPost,
  useMarkAnswered,
  usePrayed,
  useReplies,
  useReport,
  useSetHidden,
  type GroupPost,
  type GroupReply,
} from '#client/api/group-wall.ts';
import { LocalDateTime } from '#client/components/local-date.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { textareaClassName } from '#client/components/ui/textarea-class.ts';
import { messageOf } from '#client/features/groups/components/fields.ts';
import { notify } from '#client/lib/notify.ts';
import { loadedItems } from '#client/lib/pages.ts';
import { formerMemberName, groupLimits } from '#shared/rules/groups.ts';

/** "Prayed by Ruth, Sam and 3 others" from the count and up to five names. */
export function prayedLine(count: number, names: readonly string[]): string {
  if (count === 0) return 'Nobody has prayed yet';
  if (names.length === 0) return `${count} ${count === 1 ? 'prayer' : 'prayers'}`;
  const others = count - names.length;
  const shown = names.slice(0, 2);
  const rest = others + (names.length - shown.length);
  if (rest <= 0) return `Prayed by ${shown.join(' and ')}`;
  return `Prayed by ${shown.join(', ')} and ${rest} ${rest === 1 ? 'other' : 'others'}`;
}

/** A short form under a request: an encouragement, an update, how it was answered, a report. */
function ShortForm({
  label,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
  max,
  isOptional = false,
}: {
  label: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (text: string, done: () => void) => void;
  onCancel: () => void;
  max: number;
  isOptional?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isOptional && text.trim() === '') return;
    onSubmit(text, () => setText(''));
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        rows={2}
        value={text}
        maxLength={max}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
        aria-describedby={`${id}-count`}
        className={textareaClassName}
        autoFocus
      />
      <p id={`${id}-count`} className="text-xs text-muted-foreground">
        {text.length} / {max} characters
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          size="sm"
          className="h-11"
          disabled={isPending || (!isOptional && text.trim() === '')}
        >
          {submitLabel}
        </Button>
        <Button type="button" size="sm" className="h-11" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ReplyItem({
  reply,
  groupId,
  isLeader,
}: {
  reply: GroupReply;
  groupId: string;
  isLeader: boolean;
}) {
  const hide = useSetHidden(groupId);
  const report = useReport(groupId);
  return (
    <li
      className={`rounded-xl px-3 py-2 text-sm ${reply.hidden ? 'border border-dashed border-border bg-background' : 'bg-muted/60'}`}
    >
      <p>
        <span className="font-medium">{reply.author_name}</span>
        {reply.kind === 'update' ? <span className="text-muted-foreground"> · Update</span> : null}
        <span className="text-muted-foreground">
          {' '}
          · <LocalDateTime iso={reply.created_at} />
        </span>
      </p>
      {reply.hidden ? (
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <EyeClosed aria-hidden="true" className="size-3.5" /> Hidden from the group
        </p>
      ) : null}
      <p className="mt-0.5 whitespace-pre-line">{reply.text}</p>
      <div className="mt-1 flex flex-wrap gap-1">
        {isLeader ? (
          <Button
            size="sm"
            className="h-11"
            variant="ghost"
            disabled={hide.isPending}
            aria-label={`${reply.hidden ? 'Unhide' : 'Hide'} the reply from ${reply.author_name}`}
            onClick={() =>
              hide.mutate(
                { target: { replyId: reply.id, postId: reply.post_id }, hidden: !reply.hidden },
                { onError: (error) => notify.error('Not changed', messageOf(error, '')) },
              )
            }
          >
            <EyeClosed aria-hidden="true" />
            {reply.hidden ? 'Unhide' : 'Hide'}
          </Button>
        ) : null}
        {!reply.is_mine && !reply.hidden ? (
          <Button
            size="sm"
            className="h-11"
            variant="ghost"
            disabled={report.isPending}
            aria-label={`Report the reply from ${reply.author_name}`}
            onClick={() =>
              report.mutate(
                { reply_id: reply.id, reason: '' },
                {
                  onSuccess: () => notify.success('Reported to the group’s leaders.'),
                  onError: (error) => notify.error('Not reported', messageOf(error, '')),
                },
              )
            }
          >
            <Flag aria-hidden="true" />
            Report
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function Replies({
  groupId,
  postId,
  isLeader,
}: {
  groupId: string;
  postId: string;
  isLeader: boolean;
}) {
  const replies = useReplies(groupId, postId);
  const items = loadedItems(replies.data);
  if (replies.isPending) return <p className="mt-3 text-sm text-muted-foreground">Loading…</p>;
  if (items.length === 0) return null;
  return (
    <div className="mt-3 space-y-2">
      <ul className="space-y-2" aria-label="Encouragements and updates">
        {items.map((reply) => (
          <ReplyItem key={reply.id} reply={reply} groupId={groupId} isLeader={isLeader} />
        ))}
      </ul>
      {replies.hasNextPage ? (
        <Button
          size="sm"
          className="h-11"
          variant="outline"
          disabled={replies.isFetchingNextPage}
          onClick={() => void replies.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </div>
  );
}

type Opened = 'none' | 'encourage' | 'update' | 'answer' | 'report';

/** One request on the prayer wall, with what the asker may do with it. */
export function WallPost({
  post,
  groupId,
  isLeader,
}: {
  post: GroupPost;
  groupId: string;
  isLeader: boolean;
}) {
  const [opened, setOpenedState] = useState<Opened>('none');
  const opener = useRef<HTMLElement | null>(null);
  const card = useRef<HTMLElement>(null);
  /** Opens a form (remembering the button that opened it), or closes it and gives that button the focus back. */
  const setOpened = (next: Opened) => {
    if (next !== 'none') {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    } else {
      requestAnimationFrame(() => {
        const back = opener.current;
        if (back?.isConnected && !back.hasAttribute('disabled')) back.focus();
        else card.current?.focus();
      });
    }
    setOpenedState(next);
  };
  const [showReplies, setShowReplies] = useState(post.reply_count > 0);
  const pray = usePrayed(groupId);
  const reply = useCreateReply(groupId, post.id);
  const answer = useMarkAnswered(groupId);
  const hide = useSetHidden(groupId);
  const report = useReport(groupId);
  const remove = useDeleteWallPost(groupId);
  const isRemoved = post.author === null && post.author_name === formerMemberName;
  const text = isRemoved && post.text === '' ? 'This request was removed.' : post.text;
  const firstWords = text.split(/\s+/).slice(0, 6).join(' ');

  const sendReply = (kind: 'encouragement' | 'update', words: string, done: () => void) =>
    reply.mutate(
      { kind, text: words },
      {
        onSuccess: () => {
          done();
          setOpened('none');
          setShowReplies(true);
        },
        onError: (error) => notify.error('Not posted', messageOf(error, 'Please try again.')),
      },
    );

  return (
    <article
      ref={card}
      tabIndex={-1}
      className={`rounded-2xl border border-border p-4 shadow-xs focus-visible:outline-2 focus-visible:outline-ring sm:p-5 ${post.hidden ? 'border-dashed bg-muted/30' : 'bg-card'}`}
      aria-label={`Request from ${post.author_name}`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium">
          {post.author_name}
          {post.is_anonymous && post.is_mine ? (
            <span className="text-sm font-normal text-muted-foreground"> · shared anonymously</span>
          ) : null}
        </p>
        <p className="text-xs text-muted-foreground">
          <LocalDateTime iso={post.created_at} />
        </p>
      </header>
      {post.hidden ? (
        <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
          <EyeClosed aria-hidden="true" className="size-3.5" /> Hidden from the group
        </p>
      ) : null}
      <p className={`mt-2 whitespace-pre-line ${isRemoved ? 'text-muted-foreground italic' : ''}`}>
        {text}
      </p>
      {post.answered_at ? (
        <p className="mt-3 flex items-start gap-2 rounded-xl bg-primary/10 px-3 py-2 text-sm">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            <span className="font-semibold">Answered</span>
            {post.answer_note ? `: ${post.answer_note}` : ''}
          </span>
        </p>
      ) : null}
      <p className="mt-3 text-sm text-muted-foreground" aria-live="polite">
        {prayedLine(post.prayed_count, post.prayed_names)}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {!post.hidden && !isRemoved ? (
          <Button
            size="sm"
            className="h-11"
            variant={post.prayed_by_me_today ? 'secondary' : 'primary'}
            aria-pressed={post.prayed_by_me_today}
            aria-label={`I prayed for “${firstWords}”`}
            disabled={pray.isPending}
            onClick={() => {
              if (post.prayed_by_me_today) {
                notify.info('You have already prayed for this today.');
                return;
              }
              pray.mutate(post, {
                onError: (error) => {
                  if (!isAlreadyPrayed(error))
                    notify.error('Not counted', messageOf(error, 'Please try again.'));
                },
              });
            }}
          >
            {post.prayed_by_me_today ? (
              <CheckCircle2 aria-hidden="true" />
            ) : (
              <HandHelping aria-hidden="true" />
            )}
            I prayed
          </Button>
        ) : null}
        {!post.hidden ? (
          <Button
            size="sm"
            className="h-11"
            variant="outline"
            aria-expanded={opened === 'encourage'}
            onClick={() => setOpened('encourage')}
          >
            <MessageCircle aria-hidden="true" />
            Encourage
          </Button>
        ) : null}
        {post.reply_count > 0 ? (
          <Button
            size="sm"
            className="h-11"
            variant="ghost"
            aria-expanded={showReplies}
            onClick={() => setShowReplies((shown) => !shown)}
          >
            {showReplies ? 'Hide replies' : `Replies (${post.reply_count})`}
          </Button>
        ) : null}
        {post.is_mine && !post.answered_at ? (
          <>
            <Button
              size="sm"
              className="h-11"
              variant="outline"
              onClick={() => setOpened('update')}
            >
              Post an update
            </Button>
            <Button
              size="sm"
              className="h-11"
              variant="outline"
              onClick={() => setOpened('answer')}
            >
              <CheckCircle2 aria-hidden="true" />
              Mark answered
            </Button>
          </>
        ) : null}
        {post.is_mine ? (
          <Button
            size="sm"
            className="h-11"
            variant="ghost"
            disabled={remove.isPending}
            onClick={() => {
              if (!window.confirm('Delete this request from the group?')) return;
              remove.mutate(post.id, {
                onSuccess: () => notify.success('Request deleted'),
                onError: (error) => notify.error('Not deleted', messageOf(error, '')),
              });
            }}
          >
            Delete
          </Button>
        ) : null}
        {isLeader ? (
          <Button
            size="sm"
            className="h-11"
            variant="ghost"
            disabled={hide.isPending}
            onClick={() =>
              hide.mutate(
                { target: { postId: post.id }, hidden: !post.hidden },
                { onError: (error) => notify.error('Not changed', messageOf(error, '')) },
              )
            }
          >
            <EyeClosed aria-hidden="true" />
            {post.hidden ? 'Unhide' : 'Hide'}
          </Button>
        ) : null}
        {!post.is_mine && !post.hidden && !isRemoved ? (
          <Button
            size="sm"
            className="h-11"
            variant="ghost"
            aria-expanded={opened === 'report'}
            onClick={() => setOpened('report')}
          >
            <Flag aria-hidden="true" />
            Report
          </Button>
        ) : null}
      </div>
      {opened === 'encourage' ? (
        <ShortForm
          label="Your encouragement"
          submitLabel="Post encouragement"
          max={groupLimits.reply}
          isPending={reply.isPending}
          onSubmit={(words, done) => sendReply('encouragement', words, done)}
          onCancel={() => setOpened('none')}
        />
      ) : null}
      {opened === 'update' ? (
        <ShortForm
          label="Your update"
          submitLabel="Post update"
          max={groupLimits.reply}
          isPending={reply.isPending}
          onSubmit={(words, done) => sendReply('update', words, done)}
          onCancel={() => setOpened('none')}
        />
      ) : null}
      {opened === 'answer' ? (
        <ShortForm
          label="How was it answered?"
          submitLabel="Mark answered"
          max={groupLimits.answerNote}
          isOptional
          isPending={answer.isPending}
          onSubmit={(note, done) =>
            answer.mutate(
              { postId: post.id, answered: true, answer_note: note },
              {
                onSuccess: () => {
                  done();
                  setOpened('none');
                  notify.success('Marked answered');
                },
                onError: (error) => notify.error('Not saved', messageOf(error, '')),
              },
            )
          }
          onCancel={() => setOpened('none')}
        />
      ) : null}
      {opened === 'report' ? (
        <ShortForm
          label="Why report it? (optional)"
          submitLabel="Report to leaders"
          max={groupLimits.reportReason}
          isOptional
          isPending={report.isPending}
          onSubmit={(reason, done) =>
            report.mutate(
              { post_id: post.id, reason },
              {
                onSuccess: () => {
                  done();
                  setOpened('none');
                  notify.success('Reported to the group’s leaders.');
                },
                onError: (error) => notify.error('Not reported', messageOf(error, '')),
              },
            )
          }
          onCancel={() => setOpened('none')}
        />
      ) : null}
      {showReplies ? <Replies groupId={groupId} postId={post.id} isLeader={isLeader} /> : null}
    </article>
  );
}
