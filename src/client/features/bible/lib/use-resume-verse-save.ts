import { useNavigate } from 'react-router';
import { usePendingAction } from '#client/lib/use-pending-action.ts';
import { parsePendingVerse, pendingSaveVerseKind } from './pending-actions.ts';
import { readerSaveRequest, useSaveReaderVerse } from './save-reader-verse.ts';

/** Back from signing in: the verse a visitor wanted saved is saved, and brought into view. */
export function useResumeVerseSave(): void {
  const navigate = useNavigate();
  const { mutate: saveVerse } = useSaveReaderVerse();
  usePendingAction(pendingSaveVerseKind, parsePendingVerse, (pending) => {
    saveVerse(readerSaveRequest(pending));
    void navigate(
      { search: window.location.search },
      { replace: true, state: { verse: pending.verse } },
    );
  });
}
