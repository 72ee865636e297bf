import { Link } from 'react-router';
import { Logo } from '#client/components/logo.tsx';
import { ScriptureQuote } from '#client/components/scripture-quote.tsx';
import { exploreDestinations, type SitePath } from '#shared/site-routes.ts';

type FooterLink = { label: string; to: string } | { label: string; href: string };

/** The destinations at these paths, named as in the header's menus. */
function destinations(...paths: SitePath[]): FooterLink[] {
  return exploreDestinations
    .filter(({ path }) => paths.includes(path))
    .map(({ label, path }) => ({ label, to: path }));
}

const groups: { title: string; links: FooterLink[] }[] = [
  { title: 'Explore', links: destinations('/feeling', '/verse-of-day', '/read-bible', '/prayer') },
  {
    title: 'Features',
    links: destinations(
      '/journal',
      '/saved-verses',
      '/bookmarks',
      '/verse-graphics',
      '/testimony',
      '/plans',
      '/memorize',
      '/notes',
      '/groups',
    ),
  },
  {
    title: 'Support',
    links: [
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'Terms of Service', to: '/terms-of-service' },
      { label: 'Settings', to: '/settings' },
      { label: 'Contact Us', href: 'mailto:hello@grounded.app' },
    ],
  },
];

const linkClass = 'text-sm text-muted-foreground transition-colors hover:text-primary';

export function Footer() {
  return (
    <footer className="mt-16 border-t border-border bg-muted/50">
      <div className="mx-auto grid max-w-6xl gap-10 grid-cols-2 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="col-span-2 max-w-sm sm:col-span-3 md:col-span-1">
          <Logo size="md" />
          <p className="mt-3 text-sm text-muted-foreground">
            A quiet place for daily Scripture, honest prayer and a private journal.
          </p>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold">{group.title}</h2>
            <ul className="mt-3 space-y-2">
              {group.links.map((link) => (
                <li key={link.label}>
                  {'to' in link ? (
                    <Link to={link.to} className={linkClass}>
                      {link.label}
                    </Link>
                  ) : (
                    <a href={link.href} className={linkClass}>
                      {link.label}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-muted-foreground sm:px-6 md:flex-row md:items-center md:justify-between">
          {/* A prerendered page carries the year it was built in until the app takes over. */}
          <p suppressHydrationWarning>
            &copy; {new Date().getFullYear()} Grounded. Made with care for every seeker.
          </p>
          <ScriptureQuote
            reference="Psalm 119:105"
            className="md:max-w-md md:text-right"
            textClassName="italic"
          />
        </div>
      </div>
    </footer>
  );
}
