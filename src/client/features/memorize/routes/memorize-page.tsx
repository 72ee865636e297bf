import { PageShell } from '../../../components/page-shell.tsx';

/** /memorize: verses learned by heart, reviewed with spaced repetition (issue 26). */
export function MemorizePage() {
  return <PageShell title="Learn by Heart" subtitle="Keep the verses that helped you" />;
}
