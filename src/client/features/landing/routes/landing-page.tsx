import { ArrowRight, Heart, Leaf } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ScriptureQuote } from '#client/components/scripture-quote.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FeatureGrid } from '#client/features/landing/components/feature-grid.tsx';
import {
  personalFeatures,
  publicFeatures,
  quickAccess,
  reasons,
} from '#client/features/landing/content.ts';
import { cn } from '#client/lib/cn.ts';
import { greetingName, useSession } from '#client/lib/session.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';

// Members only (decision 016): its own chunks, so visitors load nothing more.
const TodayCard = lazy(async () =>
  (await import('#client/features/landing/components/today-card-slot.ts')).loadTodayCard(),
);

/** product §1: the signed-in visitor's hero has a welcome line and one button. */
function Hero({ user }: { user: SessionUser | null }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-hero-from via-hero-to to-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-primary/10 blur-3xl"
      />
      <div className="relative mx-auto max-w-6xl px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24 sm:pb-28">
        <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card/70 px-4 py-1.5 text-sm font-medium text-muted-foreground">
          <Leaf className="size-4 text-primary" aria-hidden="true" />
          Your daily companion in faith
        </p>
        <h1 className="mx-auto mt-6 max-w-3xl font-serif text-4xl leading-tight font-semibold tracking-tight sm:text-6xl">
          Stay Grounded in God&apos;s Word
        </h1>
        {user ? (
          <p className="mx-auto mt-6 max-w-2xl font-serif text-2xl font-medium text-primary sm:text-3xl">
            Welcome back, {greetingName(user)}!
          </p>
        ) : null}
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-muted-foreground">
          Find a verse for how you feel today, read the whole Bible, pray, and keep a private
          journal of your walk with God.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          {user ? (
            <Button asChild size="lg" className="w-full sm:w-auto">
              <Link to="/feeling">
                How Are You Feeling Today?
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          ) : (
            <>
              <Button asChild size="lg" className="w-full sm:w-auto">
                <Link to="/auth" state={{ tab: 'signup' }}>
                  Start Your Journey
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
                <Link to="/feeling">Try Without Account</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function QuickAccess({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <section
      aria-labelledby="quick-access-title"
      className="relative z-10 mx-auto -mt-10 max-w-6xl px-4 sm:px-6"
    >
      <h2 id="quick-access-title" className="sr-only">
        Quick access
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {quickAccess.map(({ title, description, to, signedOutTo, icon: Icon }) => (
          <li key={title}>
            <Link
              to={isSignedIn ? to : (signedOutTo ?? to)}
              className="flex h-full flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm transition-all hover:-translate-y-0.5 hover:shadow-md sm:p-5"
            >
              <span className="flex size-10 items-center justify-center rounded-xl bg-primary text-primary-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="mt-0.5 block text-sm text-muted-foreground">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Section({
  id,
  eyebrow,
  title,
  subtitle,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-wider text-primary uppercase">{eyebrow}</p>
        <h2 id={id} className="mt-2 font-serif text-3xl font-semibold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="mt-3 text-muted-foreground">{subtitle}</p>
      </div>
      {children}
    </section>
  );
}

function WhyChoose() {
  return (
    <section aria-labelledby="why-title" className="bg-muted/60">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <h2
          id="why-title"
          className="text-center font-serif text-3xl font-semibold tracking-tight sm:text-4xl"
        >
          Why Choose Grounded?
        </h2>
        <ul className="mt-10 grid gap-8 md:grid-cols-3">
          {reasons.map(({ title, description, icon: Icon }) => (
            <li key={title} className="text-center">
              <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-card text-primary shadow-sm">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

// WCAG 1.4.11: the app's green ring would be 1.3:1 on this green (1:1 in dark mode); the
// section's own foreground colour is well over 3:1 in both themes.
const onPrimaryFocus = 'focus-visible:outline-primary-foreground';

function ClosingCallToAction() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="rounded-3xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12">
        <Heart className="mx-auto size-8" aria-hidden="true" />
        <h2 id="cta-title" className="mt-4 font-serif text-3xl font-semibold sm:text-4xl">
          Begin your journey today
        </h2>
        <p className="mx-auto mt-3 max-w-xl opacity-90">
          Create a free account to keep your journal, saved verses and reading progress in one
          place, or look around first.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button
            asChild
            size="lg"
            className={cn(
              'bg-primary-foreground text-primary hover:bg-primary-foreground/90',
              onPrimaryFocus,
            )}
          >
            <Link to="/auth" state={{ tab: 'signup' }}>
              Create Free Account
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className={cn(
              'border-primary-foreground/60 bg-transparent text-primary-foreground hover:bg-primary-foreground/10',
              onPrimaryFocus,
            )}
          >
            <Link to="/feeling">Explore First</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

export function LandingPage() {
  useDocumentTitle(undefined);
  // While the session loads, the visitor's version is shown: it is the common case, and a
  // returning user sees their welcome a moment later without the page jumping much.
  const { user } = useSession();
  const isSignedIn = user !== null;
  return (
    <>
      <Hero user={user} />
      <QuickAccess isSignedIn={isSignedIn} />
      {/* The session is never known while the prerendered page hydrates: as drawn till then. */}
      {isSignedIn ? (
        <Suspense fallback={null}>
          <TodayCard />
        </Suspense>
      ) : null}
      <Section
        id="public-features-title"
        eyebrow="Free for everyone"
        title="Tools for Your Spiritual Journey"
        subtitle="Everything here works right away, no account needed."
      >
        <FeatureGrid cards={publicFeatures} buttonLabel="Get Started" />
      </Section>
      <Section
        id="personal-features-title"
        eyebrow="Your personal space"
        title="Grow Deeper Every Day"
        subtitle={
          isSignedIn
            ? 'Continue building your spiritual life with these personalized features'
            : 'Try these powerful tools for your spiritual growth - sign in to save your progress'
        }
      >
        <FeatureGrid
          cards={personalFeatures}
          buttonLabel={isSignedIn ? 'Open' : 'Try It Out'}
          isLocked={!isSignedIn}
          className="lg:grid-cols-4"
        />
      </Section>
      <WhyChoose />
      {isSignedIn ? null : <ClosingCallToAction />}
      <section
        aria-label="Closing scripture"
        className={cn(
          'mx-auto max-w-3xl px-4 pb-8 text-center sm:px-6',
          // Without the call to action above, the quote needs its own room.
          isSignedIn && 'pt-16 sm:pt-20',
        )}
      >
        <ScriptureQuote
          reference="Jeremiah 17:7-8"
          textClassName="text-xl leading-relaxed text-foreground sm:text-2xl"
          className="text-muted-foreground"
        />
      </section>
    </>
  );
}
