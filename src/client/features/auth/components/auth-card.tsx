import type { ReactNode } from 'react';
import { BackLink } from '#client/components/back-to-home.tsx';
import { Logo } from '#client/components/logo.tsx';

type AuthCardProps = {
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
};

/** The centred card of the sign-in and password screens. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className="relative isolate overflow-hidden bg-gradient-to-b from-hero-from via-hero-to to-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-24 -z-10 size-96 rounded-full bg-primary/10 blur-3xl"
      />
      <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
        <BackLink />
        <div className="mt-6 rounded-3xl border border-border bg-card p-6 text-card-foreground shadow-lg sm:p-8">
          <div className="flex flex-col items-center text-center">
            <Logo size="lg" />
            <h1 className="mt-6 font-serif text-2xl font-semibold tracking-tight sm:text-3xl">
              {title}
            </h1>
            <p className="mt-2 text-sm text-muted-foreground">{description}</p>
          </div>
          <div className="mt-8">{children}</div>
        </div>
        {footer ? (
          <div className="mt-6 px-2 text-center text-sm text-muted-foreground">{footer}</div>
        ) : null}
      </div>
    </div>
  );
}
