import { Highlighter, Star, StickyNote, Tags } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useTopicPage, useTopics, type TopicItem } from '#client/api/topics.ts';
import { usePreferredTranslation } from '#client/api/translation-preference.ts';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { PageShell } from '#client/components/page-shell.tsx';
import { topicHref } from '#client/components/topic-tags.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { loadedItems } from '#client/lib/pages.ts';
import { translationAbbreviation } from '#client/lib/translation-device.ts';
import { displayReference } from '#shared/bible/references.ts';

/** The reader at the item's chapter, the verse brought into view (as a search result does). */
function readerLink(item: TopicItem) {
  return {
    to: `/read-bible?book=${encodeURIComponent(item.book_name)}&chapter=${item.chapter_number}`,
    state: { verse: item.verse_number },
  };
}

const kinds = {
  note: { label: 'Note', Icon: StickyNote },
  highlight: { label: 'Highlight', Icon: Highlighter },
  saved_verse: { label: 'Saved verse', Icon: Star },
} as const;

function TopicItemCard({ item }: { item: TopicItem }) {
  const { label, Icon } = kinds[item.kind];
  const link = readerLink(item);
  const reference = displayReference(item.reference);
  return (
    <li
      data-topic-item={item.kind}
      className="rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs"
    >
      <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        <Icon className="size-3.5" aria-hidden="true" />
        {label}
      </p>
      <h2 className="mt-2 font-semibold text-primary">
        <Link to={link.to} state={link.state} className="hover:underline">
          {reference}
          {'translation' in item ? (
            <span className="text-xs font-medium">
              {' '}
              ({translationAbbreviation(item.translation)})
            </span>
          ) : null}
          <span className="sr-only">, open in the reader</span>
        </Link>
      </h2>
      {item.kind === 'note' ? (
        <p className="mt-2 whitespace-pre-line">{item.text}</p>
      ) : (
        <blockquote className="mt-2 font-serif text-lg leading-relaxed">
          &ldquo;{item.verse_text}&rdquo;
        </blockquote>
      )}
    </li>
  );
}

/** /topics?tag=grace: everything under a topic, in Bible order (docs/product.md §5). */
function TopicStudy({ tag }: { tag: string }) {
  const { translation } = usePreferredTranslation();
  const page = useTopicPage(tag, translation);
  const items = loadedItems(page.data);
  return (
    <PageShell
      title={`Topic: ${tag}`}
      subtitle="Your notes, highlights and saved verses on this topic, in Bible order"
      back={{ to: '/topics', label: 'All topics' }}
    >
      {page.isPending ? (
        <LoadingState label="Loading topic..." />
      ) : page.isError && items.length === 0 ? (
        <LoadError
          message="We couldn't load this topic."
          isRetrying={page.isFetching}
          onRetry={() => void page.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="rounded-2xl border border-border bg-card p-6 text-muted-foreground">
          Nothing carries this topic yet. Add it to a highlight in the reader, to a saved verse or
          to a note.
        </p>
      ) : (
        <>
          <ol className="space-y-4" aria-label={`Under ${tag}, in Bible order`}>
            {items.map((item) => (
              <TopicItemCard key={`${item.kind}:${item.id}`} item={item} />
            ))}
          </ol>
          {page.hasNextPage ? (
            <Button
              variant="outline"
              className="mt-6"
              disabled={page.isFetchingNextPage}
              onClick={() => void page.fetchNextPage()}
            >
              Load more
            </Button>
          ) : null}
        </>
      )}
    </PageShell>
  );
}

/** /topics: the member's topics, each with how many items it gathers. */
function TopicList() {
  const topics = useTopics();
  const items = topics.data?.items ?? [];
  return (
    <PageShell title="Topics" subtitle="Study pages of your own, gathered under each topic">
      {topics.isPending ? (
        <LoadingState label="Loading topics..." />
      ) : topics.isError ? (
        <LoadError
          message="We couldn't load your topics."
          isRetrying={topics.isFetching}
          onRetry={() => void topics.refetch()}
        />
      ) : items.length === 0 ? (
        <div className="rounded-2xl border border-border bg-card p-6">
          <p className="text-muted-foreground">
            No topics yet. Give a highlight a topic in the reader&rsquo;s verse dialog, or a saved
            verse on your saved verses.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to="/saved-verses">Saved Verses</Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to="/read-bible">Read the Bible</Link>
            </Button>
          </div>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Your topics">
          {items.map((topic) => (
            <li key={topic.tag} className="min-w-0">
              <Link
                to={topicHref(topic.tag)}
                className="flex items-center justify-between gap-3 rounded-2xl border border-border bg-card p-4 font-medium shadow-xs transition-shadow hover:shadow-md"
              >
                <span className="flex min-w-0 items-center gap-2">
                  <Tags className="size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span className="truncate">{topic.name}</span>
                </span>
                <span className="shrink-0 text-sm text-muted-foreground">
                  {topic.count === 1 ? '1 item' : `${topic.count} items`}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  );
}

/** The topics screen: the list, or one topic's study page when the address names it. */
export function TopicsPage() {
  const [searchParams] = useSearchParams();
  const tag = searchParams.get('tag')?.trim();
  return tag ? <TopicStudy key={tag} tag={tag} /> : <TopicList />;
}
