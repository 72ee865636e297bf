import type { ReactNode } from 'react';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { BackLink } from './back-to-home.tsx';

type PageShellProps = {
  title: string;
  subtitle?: string;
  back?: { to: string; label: string };
  children?: ReactNode;
};

/** The frame every screen shares: a back link, the title (also the tab title) and the content. */
export function PageShell({ title, subtitle, back, children }: PageShellProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <BackLink {...back} />
      <header className="mt-6 mb-8">
        <h1 className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        {subtitle ? <p className="mt-2 text-muted-foreground">{subtitle}</p> : null}
      </header>
      {children}
    </div>
  );
}
