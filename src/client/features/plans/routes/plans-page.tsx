import { PageShell } from '../../../components/page-shell.tsx';

/** /plans: the plan library and the plans one follows (issue 26). */
export function PlansPage() {
  return <PageShell title="Reading Plans" subtitle="Read the Bible a day at a time" />;
}
