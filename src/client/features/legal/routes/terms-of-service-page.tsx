import { LifeBuoy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageShell } from '#client/components/page-shell.tsx';

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:decoration-2';
const listClass = 'list-disc space-y-2 pl-6 marker:text-primary';

type LegalSection = { id: string; title: string; body: ReactNode };

function Email({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className={linkClass}>
      {address}
    </a>
  );
}

function CrisisCallout() {
  return (
    <div
      role="note"
      aria-labelledby="crisis-title"
      className="rounded-2xl border-2 border-primary bg-card p-5 sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:gap-4">
        <LifeBuoy className="size-7 shrink-0 text-primary" aria-hidden="true" />
        <div className="space-y-3">
          <h3 id="crisis-title" className="font-serif text-xl font-semibold">
            If you are in crisis, please reach out now
          </h3>
          <p>
            If you are in crisis or thinking about harming yourself, contact your local emergency
            services or a crisis line right away. In the US, call or text{' '}
            <a href="tel:988" className={linkClass}>
              988
            </a>{' '}
            to reach the 988 Suicide &amp; Crisis Lifeline, any time of day or night.
          </p>
          <p>
            Outside the US,{' '}
            <a href="https://findahelpline.com" className={linkClass}>
              findahelpline.com
            </a>{' '}
            lists free, confidential helplines in many countries. You are not alone.
          </p>
        </div>
      </div>
    </div>
  );
}

const sections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Accepting these terms',
    body: (
      <p>
        By creating an account or using Grounded, you agree to these terms. If you do not agree with
        them, please do not use Grounded.
      </p>
    ),
  },
  {
    id: 'as-is',
    title: 'Grounded is provided “as is”',
    body: (
      <>
        <p>
          Grounded is free. We work hard to make it reliable and helpful, but we provide the service
          “as is”, without warranties of any kind, whether express or implied. That includes any
          promise that Grounded will always be available, free of errors or suited to a particular
          purpose.
        </p>
        <p>
          Some places do not allow certain warranties to be excluded. Where that is the case, these
          exclusions apply only as far as the law allows.
        </p>
      </>
    ),
  },
  {
    id: 'changes-to-service',
    title: 'Changes to the service',
    body: (
      <p>
        Grounded is still growing. We may change, suspend or end the service, or any part of it, at
        any time. When we can, we will tell you ahead of time, and if we ever plan to close
        Grounded, we will do our best to let you know early enough to download your data.
      </p>
    ),
  },
  {
    id: 'your-account',
    title: 'Your account',
    body: (
      <>
        <p>When you create an account, we ask you to:</p>
        <ul className={listClass}>
          <li>use an e-mail address that is yours, so you can sign in and recover your account;</li>
          <li>
            keep your password safe: do not share it, and choose one you do not use anywhere else;
          </li>
          <li>
            tell us right away at <Email address="hello@grounded.app" /> if you think someone else
            has got into your account.
          </li>
        </ul>
        <p>You are responsible for what happens under your account.</p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    body: (
      <>
        <p>
          <strong>Your content stays your own.</strong> Your journal entries, prayers, testimonies
          and everything else you create in Grounded belong to you. We do not claim ownership of any
          of it, and we handle it as described in our{' '}
          <Link to="/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          .
        </p>
        <p>
          <strong>Sharing a testimony.</strong> By sharing a testimony, you grant Grounded a
          non-exclusive, royalty-free licence to display it in the app. Non-exclusive means you
          remain free to share your story anywhere else; royalty-free means no payment is owed
          either way. You may withdraw this licence at any time by deleting the testimony or your
          account.
        </p>
        <p>
          When you share a testimony, you confirm that it is your own story and that you are free to
          share it.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>Grounded is meant to be a safe and kind place. When you use it, please do not:</p>
        <ul className={listClass}>
          <li>harass, threaten or bully anyone;</li>
          <li>post hateful content that attacks people for who they are;</li>
          <li>send spam, advertising or chain messages;</li>
          <li>post anything unlawful, or anything that infringes someone else’s rights;</li>
          <li>try to get into someone else’s account, or disrupt, overload or break Grounded.</li>
        </ul>
        <p>
          We review every testimony before it appears, and we may decline a testimony, for example
          if it does not fit these guidelines. If someone breaks these rules, we may remove their
          content or close their account, as described under{' '}
          <a href="#termination" className={linkClass}>
            Termination
          </a>
          .
        </p>
      </>
    ),
  },
  {
    id: 'scripture',
    title: 'Scripture text',
    body: (
      <p>
        The Bible text in Grounded is the King James Version (KJV) of 1769, which is in the public
        domain in most of the world (in the United Kingdom, the right to print it is held by the
        Crown). You are free to read, copy and share it. We take care to present it accurately; if
        you spot a mistake, please let us know.
      </p>
    ),
  },
  {
    id: 'not-a-substitute',
    title: 'Not a substitute for care',
    body: (
      <>
        <p>
          Grounded is a companion for your faith. It is <strong>not</strong> a substitute for
          pastoral care, counselling or medical care. The verses, prayers and reflections here are
          offered for encouragement, not as professional advice. If you are struggling, please talk
          with your pastor, a counsellor you trust or a doctor.
        </p>
        <CrisisCallout />
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <>
        <p>
          Grounded is a free service, offered in good faith. To the fullest extent the law allows,
          Grounded and the people who run it are not liable for any indirect, incidental, special or
          consequential damages, or for any loss of data, arising from your use of the service or
          your inability to use it.
        </p>
        <p>
          Nothing in these terms excludes or limits any liability that cannot be excluded or limited
          by law.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <>
        <p>
          You can stop using Grounded at any time. To close your account, choose{' '}
          <strong>Delete account</strong> in{' '}
          <Link to="/settings" className={linkClass}>
            Settings → Your data
          </Link>
          ; this erases your account and everything in it.
        </p>
        <p>
          We may suspend or close an account that seriously or repeatedly breaks these terms, or
          when we must to protect others or to comply with the law. Where it is reasonable, we will
          tell you why and give you a chance to download your data first.
        </p>
        <p>
          The sections on the service being provided “as is” and on limitation of liability continue
          to apply after an account is closed.
        </p>
      </>
    ),
  },
  {
    id: 'changes-to-terms',
    title: 'Changes to these terms',
    body: (
      <p>
        If we change these terms, we will update the date at the top of this page. If a change is
        significant, we will tell you in the app or by e-mail before it takes effect. If you keep
        using Grounded after a change takes effect, you accept the updated terms; if you do not
        agree with them, you can stop using Grounded and delete your account.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about these terms? Write to us at <Email address="hello@grounded.app" />. We are a
        small team, and we read every message.
      </p>
    ),
  },
];

function TableOfContents({ items }: { items: LegalSection[] }) {
  return (
    <nav
      aria-labelledby="terms-toc-title"
      className="mt-8 rounded-2xl border border-border bg-card p-5 sm:p-6"
    >
      <p id="terms-toc-title" className="font-serif text-lg font-semibold">
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

export function TermsOfServicePage() {
  return (
    <PageShell
      title="Terms of Service"
      subtitle="Last updated: November 21, 2026"
      back={{ to: '/settings', label: 'Back to Settings' }}
    >
      <div className="max-w-prose leading-7 sm:text-lg sm:leading-8">
        <div className="space-y-4">
          <p>
            Welcome to Grounded. These terms are the agreement between you and Grounded for using
            our website and app. We have tried to write them plainly, so you know exactly where you
            stand.
          </p>
          <p>
            Please read them together with our{' '}
            <Link to="/privacy-policy" className={linkClass}>
              Privacy Policy
            </Link>
            , which explains what information we collect and how we protect it.
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
