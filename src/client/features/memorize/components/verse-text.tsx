import type { ReactNode } from 'react';

/** A verse's words as the review shows them, in the reader's serif. */
export function VerseText({ children }: { children: ReactNode }) {
  return (
    <blockquote className="rounded-xl border-l-4 border-gold bg-muted px-4 py-3.5 font-serif text-lg leading-relaxed text-pretty sm:text-xl">
      {children}
    </blockquote>
  );
}
