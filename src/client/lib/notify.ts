import { loadOnce } from './load-once.ts';

type Action = { label: string; onClick: () => void };
type Sonner = typeof import('sonner');

const sonnerCode = loadOnce<Sonner>(() => import('sonner'));

/**
 * sonner arrives with the first toast, or when app/toaster.tsx mounts the toaster once the page
 * is idle: it is not part of any page's first load. A toast raised before the toaster mounts
 * is shown when it does (sonner hands a new toaster the toasts still active). A failed fetch is
 * tried again at the next toast.
 */
export function loadSonner(): Promise<Sonner> {
  return sonnerCode.load();
}

function show(render: (toast: Sonner['toast']) => void): void {
  // A toast that cannot be loaded cannot be shown either; the page goes on without it.
  loadSonner().then(
    ({ toast }) => render(toast),
    () => undefined,
  );
}

/** Toasts as product §9 sets them: success 4000 ms, destructive 6000 ms. */
export const notify = {
  success(title: string, description?: string, action?: Action): void {
    show((toast) => toast.success(title, { description, duration: 4000, action }));
  },
  info(title: string, description?: string, action?: Action): void {
    show((toast) => toast(title, { description, duration: 4000, action }));
  },
  error(title: string, description?: string, action?: Action): void {
    show((toast) => toast.error(title, { description, duration: 6000, action }));
  },
};
