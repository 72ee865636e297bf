import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notify } from './notify.ts';
import { rememberPendingAction, type PendingAction } from './pending-action.ts';

/**
 * product §6: a visitor who tries something that needs an account gets the 'Sign in required'
 * toast with an action to /auth; after signing in they come back here. Given `pending`, the
 * action itself waits too and completes on return (lib/pending-action.ts).
 */
export function useRequireSignIn(): (
  description: string,
  actionLabel?: 'Sign In' | 'Sign Up Free',
  pending?: PendingAction,
) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (description, actionLabel = 'Sign In', pending) => {
      const from = location.pathname + location.search;
      notify.error('Sign in required', description, {
        label: actionLabel,
        onClick: () => {
          if (pending) rememberPendingAction(pending, from);
          void navigate('/auth', {
            state: { from, tab: actionLabel === 'Sign Up Free' ? 'signup' : 'signin' },
          });
        },
      });
    },
    [navigate, location.pathname, location.search],
  );
}
