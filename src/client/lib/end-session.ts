import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { notify } from './notify.ts';
import { useSetSession } from './session.ts';

/**
 * After the server ended the session: go to / first, then forget the user, so that the screen
 * being left (maybe a protected one, see RequireAuth) does not send the person to /auth.
 */
export function useEndSession(): (description: string) => Promise<void> {
  const navigate = useNavigate();
  const setSession = useSetSession();
  return useCallback(
    async (description: string) => {
      await navigate('/');
      setSession(null);
      notify.success('Signed out', description);
    },
    [navigate, setSession],
  );
}
