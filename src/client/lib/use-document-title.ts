import { useEffect } from 'react';

/** Sets the tab title as 'Screen · Grounded' (or the bare product line for the landing page). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Grounded` : "Grounded: Stay Grounded in God's Word";
  }, [title]);
}
