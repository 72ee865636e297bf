import { useEffect, useRef, useState } from 'react';

/**
 * Whether a card is being edited. Leaving the editor (saved or cancelled) puts the focus back
 * on the button that opened it, once that button is on screen again.
 */
export function useEditing() {
  const [isEditing, setIsEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const hasEdited = useRef(false);

  useEffect(() => {
    if (isEditing) hasEdited.current = true;
    else if (hasEdited.current) editButtonRef.current?.focus();
  }, [isEditing]);

  return {
    isEditing,
    editButtonRef,
    startEditing: () => setIsEditing(true),
    stopEditing: () => setIsEditing(false),
  };
}
