import { PenLine } from 'lucide-react';
import { PageShell } from '#client/components/page-shell.tsx';
import { SignInPromptCard } from '#client/components/sign-in-prompt-card.tsx';
import { MyTestimonies } from '#client/features/testimonies/components/my-testimonies.tsx';
import { PublicTestimonies } from '#client/features/testimonies/components/public-testimonies.tsx';
import { TestimonyForm } from '#client/features/testimonies/components/testimony-form.tsx';
import { useSession } from '#client/lib/session.ts';

/** product §2 /testimony: the form, the author's own testimonies, and the public list. */
export function TestimonyPage() {
  const session = useSession();
  return (
    <PageShell
      title="Share Your Testimony"
      subtitle="Tell how God met you in a hard moment, and be encouraged by others' stories."
    >
      <div className="space-y-10">
        {session.status === 'signed-out' ? (
          <SignInPromptCard
            icon={PenLine}
            title="Sign in to share your story"
            description="Anyone can read testimonies. Create a free account to share your own."
          />
        ) : null}
        <TestimonyForm />
        {session.status === 'signed-in' ? <MyTestimonies key={session.user.id} /> : null}
        <PublicTestimonies />
      </div>
    </PageShell>
  );
}
