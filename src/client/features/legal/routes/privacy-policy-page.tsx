import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageShell } from '#client/components/page-shell.tsx';

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:decoration-2';
const listClass = 'list-disc space-y-2 pl-6 marker:text-primary';
const subheadingClass = 'pt-2 font-serif text-lg font-semibold';

type LegalSection = { id: string; title: string; body: ReactNode };

function Email({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className={linkClass}>
      {address}
    </a>
  );
}

const sections: LegalSection[] = [
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <>
        <p>We collect three kinds of information, and only what Grounded needs to work.</p>
        <h3 className={subheadingClass}>Your account</h3>
        <ul className={listClass}>
          <li>
            <strong>Your e-mail address</strong>, so you can sign in and we can help you if you
            forget your password.
          </li>
          <li>
            <strong>Your display name</strong>, which is how Grounded greets you.
          </li>
          <li>
            <strong>Your password</strong>, stored only as a salted hash: a scrambled form that can
            check your password when you sign in but cannot be turned back into it. Nobody at
            Grounded can see your password.
          </li>
          <li>
            <strong>Your Google profile name and picture</strong>, only if you choose to sign in
            with Google.
          </li>
        </ul>
        <h3 className={subheadingClass}>What you create in Grounded</h3>
        <p>Everything you write or save is stored so it is there for you next time:</p>
        <ul className={listClass}>
          <li>Journal entries</li>
          <li>Prayers</li>
          <li>Saved verses</li>
          <li>Bookmarks</li>
          <li>Reading progress</li>
          <li>Highlights</li>
          <li>Testimonies you choose to share</li>
          <li>
            Notification settings, such as which reminders you want and the days and time you want
            them
          </li>
        </ul>
        <h3 className={subheadingClass}>Technical information</h3>
        <ul className={listClass}>
          <li>
            <strong>Server logs.</strong> When your device talks to our servers, our logs record
            your IP address and the path of the request (for example, the page you asked for). We
            keep these logs for a limited time, and only for security, such as spotting and blocking
            attempts to break into accounts.
          </li>
          <li>
            <strong>No advertising trackers and no third-party analytics.</strong> Grounded does not
            follow you around the web, and no outside company watches how you use the app.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use your information',
    body: (
      <>
        <p>We use your information only to:</p>
        <ul className={listClass}>
          <li>
            <strong>provide the features you use</strong>: keeping your journal, prayers, saved
            verses, bookmarks and reading progress, and showing them to you wherever you sign in;
          </li>
          <li>
            <strong>send the reminders you ask for</strong>, such as a daily verse or a gentle nudge
            to write in your journal, on the days and at the time you choose;
          </li>
          <li>
            <strong>keep Grounded and your account secure</strong>, for example by protecting
            against spam, abuse and anyone trying to get into an account that isn’t theirs, and by
            e-mailing you a password reset link when you ask for one.
          </li>
        </ul>
        <p>We never use what you write to build a profile of you or to show you advertising.</p>
      </>
    ),
  },
  {
    id: 'how-we-protect',
    title: 'How we protect your information',
    body: (
      <>
        <p>
          Your data is encrypted <strong>in transit</strong>, with HTTPS every time your device
          talks to Grounded, and <strong>at rest</strong>: the disks and backups that hold our
          database are encrypted. Passwords are stored only as salted hashes.
        </p>
        <p>
          <strong>Your data is never sold, rented or shared for advertising.</strong> Not to
          advertisers, not to data brokers, not to anyone.
        </p>
      </>
    ),
  },
  {
    id: 'private-and-public',
    title: 'What stays private and what is shared',
    body: (
      <>
        <p>
          <strong>Your journal entries and prayers are private.</strong> They are never shown to
          anyone else. Your saved verses, bookmarks, reading progress and highlights are likewise
          kept in your own account, for you.
        </p>
        <p>
          <strong>Testimonies are the one thing you can choose to share.</strong> A testimony is
          shown publicly only after our team has reviewed it, and it shows your name only if you
          chose to include it. Otherwise it appears without a name.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and choices',
    body: (
      <>
        <p>Your information belongs to you. At any time you can:</p>
        <ul className={listClass}>
          <li>
            <strong>access</strong> it: everything you have created is in your account, ready to
            read;
          </li>
          <li>
            <strong>correct</strong> it: change your display name in Settings, and edit your entries
            wherever you created them;
          </li>
          <li>
            <strong>export</strong> it: in{' '}
            <Link to="/settings" className={linkClass}>
              Settings → Your data
            </Link>
            , choose <strong>Download my data</strong> to get a JSON file with everything we hold
            about you;
          </li>
          <li>
            <strong>delete</strong> it: remove any single entry whenever you like, or choose{' '}
            <strong>Delete account</strong> in Settings → Your data to erase your account and
            everything in it;
          </li>
          <li>
            <strong>opt out of notifications</strong>: turn reminders and notifications off at any
            time in Settings.
          </li>
        </ul>
        <p>
          If you would rather ask us directly, write to <Email address="privacy@grounded.app" /> and
          we will help. If you live somewhere with data protection laws such as the GDPR, you also
          have the right to complain to your local data protection authority, though we would be
          grateful for the chance to put things right first.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>Grounded keeps just two small things in your browser:</p>
        <ul className={listClass}>
          <li>
            <strong>One strictly necessary session cookie</strong>, which keeps you signed in.
            Without it, you would have to sign in on every page.
          </li>
          <li>
            <strong>Your theme choice</strong> (light, dark or matching your device), stored in your
            browser’s local storage so Grounded looks the way you like.
          </li>
        </ul>
        <p>
          That is all. We use no advertising, analytics or tracking cookies, which is why there is
          no cookie banner to click through.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep your information',
    body: (
      <>
        <p>
          We keep your account and everything you have created for as long as you have an account,
          so it is there whenever you come back.
        </p>
        <p>
          When you delete something, such as a journal entry, a saved verse or a testimony, it is
          removed from your account. When you delete your account, we erase your account and
          everything in it.
        </p>
        <p>Server logs are kept only for a limited time for security, and then deleted.</p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Grounded is not meant for children under 13, and we do not knowingly collect personal
        information from them. If you believe a child under 13 has created an account, please write
        to <Email address="privacy@grounded.app" /> and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy, we will update the date at the top of this page. If a change is
        significant, for example a new kind of information we collect, we will tell you in the app
        or by e-mail before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <>
        <p>
          Questions about your privacy, or a request about your data? Write to{' '}
          <Email address="privacy@grounded.app" />. A member of our team will reply within 48 hours.
        </p>
        <p>
          For anything else, you can reach us at <Email address="hello@grounded.app" />. The rules
          for using Grounded are in our{' '}
          <Link to="/terms-of-service" className={linkClass}>
            Terms of Service
          </Link>
          .
        </p>
      </>
    ),
  },
];

function TableOfContents({ items }: { items: LegalSection[] }) {
  return (
    <nav
      aria-labelledby="privacy-toc-title"
      className="mt-8 rounded-2xl border border-border bg-card p-5 sm:p-6"
    >
      <p id="privacy-toc-title" className="font-serif text-lg font-semibold">
        On this page
      </p>
      <ol className="mt-3 grid list-decimal gap-x-8 gap-y-2 pl-6 marker:text-muted-foreground sm:grid-cols-2">
        {items.map(({ id, title }) => (
          <li key={id}>
            <a href={`#${id}`} className={linkClass}>
              {title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function PrivacyPolicyPage() {
  return (
    <PageShell title="Privacy Policy" subtitle="Last updated: November 21, 2026">
      <div className="max-w-prose leading-7 sm:text-lg sm:leading-8">
        <div className="space-y-4">
          <p>
            Grounded is a free Christian companion for reading the Bible, finding a verse for how
            you feel, praying and keeping a private journal. What you bring here is often deeply
            personal, so we want to be plain about what we collect, why we collect it and the
            choices you have.
          </p>
          <p>
            <strong>In short:</strong> we collect only what Grounded needs to work, we encrypt it,
            and it is never sold, rented or shared for advertising. This policy works together with
            our{' '}
            <Link to="/terms-of-service" className={linkClass}>
              Terms of Service
            </Link>
            .
          </p>
        </div>
        <TableOfContents items={sections} />
        <div className="mt-12 space-y-12">
          {sections.map(({ id, title, body }) => (
            <section key={id} id={id} className="scroll-mt-4">
              <h2 className="font-serif text-2xl font-semibold tracking-tight">{title}</h2>
              <div className="mt-4 space-y-4">{body}</div>
            </section>
          ))}
        </div>
      </div>
    </PageShell>
  );
}
