import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { AuthCard } from '#client/features/auth/components/auth-card.tsx';
import { ForgotPasswordForm } from '#client/features/auth/components/forgot-password-form.tsx';
import { GoogleSignIn } from '#client/features/auth/components/google-button.tsx';
import { LegalNotice } from '#client/features/auth/components/legal-notice.tsx';
import { SignInForm } from '#client/features/auth/components/sign-in-form.tsx';
import { SignUpForm } from '#client/features/auth/components/sign-up-form.tsx';
import { notify } from '#client/lib/notify.ts';
import { useSession } from '#client/lib/session.ts';
import { readDeviceTranslation } from '#client/lib/translation-device.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useHasStarted } from '#client/lib/use-has-started.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { safeReturnPath } from '#shared/rules/auth.ts';

type AuthTab = 'signin' | 'signup';

/**
 * What other screens put in location.state when they send someone here: `from` (protected
 * routes, the header, the 'Sign in required' toast), `tab` and `forgot` (the reset screen).
 */
function readAuthState(state: unknown): { from: string; tab: AuthTab; isForgotOpen: boolean } {
  const record: Record<string, unknown> =
    typeof state === 'object' && state !== null ? { ...state } : {};
  return {
    from: safeReturnPath(record.from),
    tab: record.tab === 'signup' ? 'signup' : 'signin',
    isForgotOpen: record.forgot === true,
  };
}

/**
 * The page to go back to. An address naming the translation this device read in was written
 * with the device's choice (the reader does so), not by a link: it is left out, so that the
 * account's translation, which wins once signed in (docs/product.md, Translations), is read there.
 */
function withoutDeviceTranslation(path: string, device: TranslationId): string {
  const url = new URL(path, 'http://return-path.invalid');
  if (url.searchParams.get('translation') !== device) return path;
  url.searchParams.delete('translation');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** After a failed Google sign-in the server sends the person to /auth?error=<message>. */
function useGoogleErrorToast() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const error = searchParams.get('error');
  const isShown = useRef(false);
  useEffect(() => {
    if (!error || isShown.current) return;
    isShown.current = true;
    notify.error('Google sign in failed', error);
    // Drop the message from the address so that a reload does not show it again.
    setSearchParams(
      (params) => {
        params.delete('error');
        return params;
      },
      { replace: true, state: location.state as unknown },
    );
  }, [error, setSearchParams, location.state]);
}

/**
 * /auth. The server draws it before the app runs (decision 011), knowing nothing of the history
 * state a reload keeps (the tab or the reset form someone was sent here for): the page hydrates
 * as drawn, and a state asking for another view then draws that view. An arrival without one,
 * the common case, changes nothing.
 */
export function AuthPage() {
  const location = useLocation();
  const hasStarted = useHasStarted();
  const state: unknown = hasStarted ? location.state : null;
  const { tab, isForgotOpen } = readAuthState(state);
  const isDrawnView = tab === 'signin' && !isForgotOpen;
  useGoogleErrorToast();
  return <AuthScreen key={isDrawnView ? 'drawn' : 'asked'} state={state} />;
}

function AuthScreen({ state }: { state: unknown }) {
  const { from: cameFrom, tab: initialTab, isForgotOpen: initialForgot } = readAuthState(state);
  // Read on arrival: signing in makes the device follow the account's translation.
  const [deviceTranslation] = useState(readDeviceTranslation);
  const from = withoutDeviceTranslation(cameFrom, deviceTranslation);
  const session = useSession();
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const [isForgotOpen, setIsForgotOpen] = useState(initialForgot);
  const [hasLeftForgot, setHasLeftForgot] = useState(false);
  // One e-mail for every form, so switching tabs or asking for a reset keeps what was typed.
  const [email, setEmail] = useState('');
  const isSignUp = tab === 'signup';
  useDocumentTitle(isSignUp ? 'Sign Up' : 'Sign In');

  // product §2: a signed-in user is sent back to where they came from. This is also how the page
  // leaves after a successful sign-in or sign-up, which sets the session.
  if (session.status === 'signed-in') return <Navigate to={from} replace />;

  return (
    <AuthCard
      title="Welcome to Grounded"
      description={
        isSignUp
          ? 'Create a free account to keep your journal, saved verses and reading progress.'
          : "Sign in to continue your walk with God's Word."
      }
      footer={<LegalNotice isSignUp={isSignUp} />}
    >
      <Tabs value={tab} onValueChange={(value) => setTab(value === 'signup' ? 'signup' : 'signin')}>
        <TabsList aria-label="Sign in or create an account">
          <TabsTrigger value="signin">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="signin" className="mt-6">
          {isForgotOpen ? (
            <ForgotPasswordForm
              email={email}
              onEmailChange={setEmail}
              onBack={() => {
                setIsForgotOpen(false);
                setHasLeftForgot(true);
              }}
            />
          ) : (
            <div className="grid gap-6">
              <GoogleSignIn returnTo={from} dividerLabel="or sign in with e-mail" />
              <SignInForm
                email={email}
                onEmailChange={setEmail}
                onForgotPassword={() => setIsForgotOpen(true)}
                shouldFocusForgot={hasLeftForgot}
              />
            </div>
          )}
        </TabsContent>
        <TabsContent value="signup" className="mt-6">
          <div className="grid gap-6">
            <GoogleSignIn returnTo={from} dividerLabel="or sign up with e-mail" />
            <SignUpForm email={email} onEmailChange={setEmail} />
          </div>
        </TabsContent>
      </Tabs>
    </AuthCard>
  );
}
