/** What the person has written on /journal but not saved yet. */
export type JournalDraft = {
  title: string;
  content: string;
  tags: string[];
  verseReference: string | null;
};

export const draftStorageKey = 'grounded.journal.draft';

export const emptyDraft: JournalDraft = { title: '', content: '', tags: [], verseReference: null };

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function isDraftEmpty(draft: JournalDraft): boolean {
  return (
    draft.title === '' &&
    draft.content === '' &&
    draft.tags.length === 0 &&
    draft.verseReference === null
  );
}

/** A draft read back from storage, or null when the value is not one. */
export function parseDraft(value: unknown): JournalDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const { title, content, tags, verseReference } = value as Record<string, unknown>;
  return {
    title: typeof title === 'string' ? title : '',
    content: typeof content === 'string' ? content : '',
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [],
    verseReference: typeof verseReference === 'string' && verseReference ? verseReference : null,
  };
}

/** The stored draft, or the empty one when there is none or it cannot be read. */
export function readDraft(storage: DraftStorage | undefined): JournalDraft {
  try {
    const raw = storage?.getItem(draftStorageKey);
    if (!raw) return emptyDraft;
    return parseDraft(JSON.parse(raw)) ?? emptyDraft;
  } catch {
    return emptyDraft;
  }
}

/** Keeps the draft (an empty one is removed); storage that is full or blocked is ignored. */
export function writeDraft(storage: DraftStorage | undefined, draft: JournalDraft): void {
  try {
    if (isDraftEmpty(draft)) storage?.removeItem(draftStorageKey);
    else storage?.setItem(draftStorageKey, JSON.stringify(draft));
  } catch {
    // Private mode or a full quota: the draft simply does not survive a reload.
  }
}

export function clearDraft(storage: DraftStorage | undefined): void {
  try {
    storage?.removeItem(draftStorageKey);
  } catch {
    // As above.
  }
}

/** The browser's localStorage, or undefined where it is unavailable. */
export function browserStorage(): DraftStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
