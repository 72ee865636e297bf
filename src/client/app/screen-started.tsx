import { useEffect } from 'react';
import { replayEarlyInput } from './early-input.ts';

/**
 * Rendered beside each screen: its effect runs once the screen itself has come to life. On a
 * page drawn before the app (#root data-prerendered), that is when the server's markup is
 * React's: what the person typed or tapped meanwhile is handed over (early-input.ts), and the
 * marker goes, for whoever waits on it, such as the browser tests. Not when the root commits:
 * a screen only for someone signed in sits in a Suspense boundary of its own (RequireAuth),
 * which React hydrates after the rest of the page.
 */
export function ScreenStarted() {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute('data-prerendered')) return;
    // What the person did to the drawn page before then is the app's now (decision 013).
    replayEarlyInput(root);
    root.removeAttribute('data-prerendered');
  }, []);
  return null;
}
