import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notify } from './notify.ts';

/**
 * spec §6: a visitor who tries something that needs an account gets the 'Sign in required'
 * toast with an action to /auth; after signing in they come back here.
 */
export function useRequireSignIn(): (
  description: string,
  actionLabel?: 'Sign In' | 'Sign Up Free',
) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (description, actionLabel = 'Sign In') => {
      notify.error('Sign in required', description, {
        label: actionLabel,
        onClick: () =>
          void navigate('/auth', {
            state: {
              from: location.pathname + location.search,
              tab: actionLabel === 'Sign Up Free' ? 'signup' : 'signin',
            },
          }),
      });
    },
    [navigate, location.pathname, location.search],
  );
}
