import { useEffect } from 'react';

/**
 * Rendered beside each screen: its effect runs once the screen itself has come to life. On a
 * page drawn before the app (#root data-prerendered), that is when the server's markup is
 * React's, and the marker goes, for whoever waits on it, such as the browser tests. Not
 * earlier: a screen only for someone signed in sits in a Suspense boundary of its own
 * (RequireAuth), which React hydrates after the rest of the page, once its chunk has come.
 */
export function ScreenStarted() {
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('data-prerendered');
  }, []);
  return null;
}
