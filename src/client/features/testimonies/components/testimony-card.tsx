import { Quote, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { relativeTime } from '#client/features/testimonies/lib/relative-time.ts';
import { profilePictureAt } from '#shared/rules/picture-size.ts';
import type { PublicTestimony } from '#shared/schemas/testimonies.ts';

type TestimonyCardProps = {
  testimony: PublicTestimony;
  now: Date;
  /** Extra content beside the author line (the status badge in the author's own list). */
  aside?: ReactNode;
};

/**
 * One testimony. Text is rendered as React text (never HTML) and keeps the author's line
 * breaks.
 */
export function TestimonyCard({ testimony, now, aside }: TestimonyCardProps) {
  const { feeling, god_reminded, author_name, author_image_url, is_anonymous, created_at } =
    testimony;
  const author = !is_anonymous && author_name ? author_name : 'Anonymous';
  // The server sends none for an anonymous testimony; checked here as well, all the same.
  const picture = is_anonymous ? null : author_image_url;
  return (
    <article className="rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <span className="relative flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary text-secondary-foreground">
            <UserRound className="size-4" aria-hidden="true" />
            {/* Over the icon, which shows through if the picture cannot load. Decorative: the
                name is beside it. The same markup on the server's wall and in the browser. */}
            {picture ? (
              <img
                src={profilePictureAt(picture, 32)}
                alt=""
                width={32}
                height={32}
                loading="lazy"
                decoding="async"
                referrerPolicy="no-referrer"
                className="absolute inset-0 size-full object-cover"
              />
            ) : null}
          </span>
          <span className="min-w-0 font-medium break-words">{author}</span>
          <span aria-hidden="true" className="text-muted-foreground">
            ·
          </span>
          <time dateTime={created_at} className="shrink-0 text-muted-foreground">
            {relativeTime(created_at, now)}
          </time>
        </p>
        {aside}
      </div>
      <dl className="mt-4 space-y-4">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            How I was feeling
          </dt>
          <dd className="mt-1 leading-relaxed break-words whitespace-pre-wrap">{feeling}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-primary uppercase">
            <Quote className="size-3.5" aria-hidden="true" />
            What God reminded me of
          </dt>
          <dd className="mt-1 font-serif text-lg leading-relaxed break-words whitespace-pre-wrap">
            {god_reminded}
          </dd>
        </div>
      </dl>
    </article>
  );
}
