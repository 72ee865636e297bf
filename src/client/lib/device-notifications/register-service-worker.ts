import { reportToServer } from '#client/lib/report-to-server.ts';

/**
 * Registers /sw.js (built from src/client/sw.ts) after the page has loaded, so that the
 * worker's install, which precaches the app's files, never competes with the first paint.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      reportToServer({
        level: 'warn',
        event: 'client_error',
        path: '/sw.js',
        message: `Service worker registration failed: ${String(error)}`.slice(0, 1000),
      });
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
