import { useEffect } from 'react';
import { documentTitle } from '#shared/site-routes.ts';

/** Sets the tab title as 'Screen · Grounded' (or the bare product line for the landing page). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
