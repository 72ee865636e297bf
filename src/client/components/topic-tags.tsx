import { Plus, Tag, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { topicKey, topicLimits } from '#shared/rules/topics.ts';

type TopicTagsProps = {
  /** The item's topics as written. */
  tags: readonly string[];
  /** What the topics are on ('Romans 5:20'), for screen readers. */
  itemName: string;
  /** The whole new list: the old one with a topic added or taken away. */
  onChange: (tags: string[]) => void;
  isBusy?: boolean;
  className?: string;
};

/** Where a topic's study page is (docs/product.md §5). */
export function topicHref(tag: string): string {
  return `/topics?${new URLSearchParams({ tag: topicKey(tag) }).toString()}`;
}

/**
 * The topics of a highlight or a saved verse (decision 027): each a link to its study page with a
 * button to take it off, and a field to add one. A topic is a tag by the note tags' rules.
 */
export function TopicTags({ tags, itemName, onChange, isBusy = false, className }: TopicTagsProps) {
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const fieldId = useId();
  const messageId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const tag = draft.trim();
    if (tag === '') return;
    if (tag.length > topicLimits.tag) {
      setMessage(`A topic is 1 to ${topicLimits.tag} characters.`);
      return;
    }
    if (tags.some((existing) => topicKey(existing) === topicKey(tag))) {
      setDraft('');
      setMessage(null);
      return;
    }
    if (tags.length >= topicLimits.tags) {
      setMessage(`Choose at most ${topicLimits.tags} topics.`);
      return;
    }
    setMessage(null);
    setDraft('');
    onChange([...tags, tag]);
  }

  return (
    <div className={className} data-topic-tags="">
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={`Topics of ${itemName}`}>
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center rounded-full border border-border bg-secondary text-xs font-medium text-secondary-foreground"
            >
              <Link
                to={topicHref(tag)}
                className="inline-flex min-h-8 items-center gap-1 rounded-l-full py-1 pr-1 pl-3 hover:underline focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none"
              >
                <Tag className="size-3" aria-hidden="true" />
                {tag}
              </Link>
              <button
                type="button"
                disabled={isBusy}
                onClick={() => onChange(tags.filter((existing) => existing !== tag))}
                aria-label={`Remove the topic ${tag}`}
                className="inline-flex size-8 items-center justify-center rounded-r-full text-muted-foreground hover:text-destructive focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none disabled:opacity-50"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="mt-2 flex gap-2" onSubmit={onSubmit}>
        <label htmlFor={fieldId} className="sr-only">
          {`Add a topic to ${itemName}`}
        </label>
        <Input
          id={fieldId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Add a topic, e.g. grace"
          maxLength={topicLimits.tag}
          autoComplete="off"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className="h-9 rounded-lg px-3"
        />
        <Button type="submit" variant="outline" size="sm" disabled={isBusy} className="shrink-0">
          <Plus aria-hidden="true" />
          Add<span className="sr-only"> topic</span>
        </Button>
      </form>
      {message ? (
        <p id={messageId} role="alert" className="mt-1 text-xs text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
