import { HeartHandshake } from 'lucide-react';
import { useId } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { usePublicTestimonies } from '../../../api/testimonies.ts';
import { TestimonyCard } from './testimony-card.tsx';

function focusForm() {
  document.querySelector<HTMLTextAreaElement>('form textarea')?.focus();
}

/** product §2 and §9: approved testimonies, newest first, in a list at most 600 px tall. */
export function PublicTestimonies() {
  const id = useId();
  const testimonies = usePublicTestimonies();
  const now = new Date(testimonies.dataUpdatedAt);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="font-serif text-2xl font-semibold tracking-tight">
          Testimonies from the community
        </h2>
        {testimonies.data && testimonies.data.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            {testimonies.data.length} {testimonies.data.length === 1 ? 'story' : 'stories'}
          </p>
        ) : null}
      </div>
      {testimonies.isPending ? (
        <LoadingState label="Loading testimonies..." />
      ) : testimonies.data === undefined ? (
        <LoadError
          message="We couldn't load the testimonies."
          isRetrying={testimonies.isFetching}
          onRetry={() => void testimonies.refetch()}
        />
      ) : testimonies.data.length === 0 ? (
        <EmptyState
          icon={HeartHandshake}
          title="No testimonies yet"
          description="Be the first to share how God met you. Testimonies appear here once they have been reviewed."
        >
          <Button className="w-full sm:w-auto" onClick={focusForm}>
            Share yours
          </Button>
        </EmptyState>
      ) : (
        // A native scroller: max-height works without a fixed height, and the keyboard can
        // scroll it once focused.
        <div
          role="region"
          aria-label="Shared testimonies"
          tabIndex={0}
          className="max-h-[600px] overflow-y-auto rounded-2xl [scrollbar-width:thin] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <ul aria-labelledby={`${id}-title`} className="space-y-4">
            {testimonies.data.map((testimony) => (
              <li key={testimony.id}>
                <TestimonyCard testimony={testimony} now={now} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
