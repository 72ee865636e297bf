/** product §9: six writing prompts to start from. */
export const writingPrompts = [
  'What is one thing you are grateful for today?',
  'Where did you notice God at work in your life this week?',
  'What is weighing on your heart right now, and what would you like to tell God about it?',
  'Which verse or truth do you want to hold on to today, and why?',
  'Who is someone you can pray for or encourage today?',
  'What is one step of faith you feel called to take?',
] as const;

/**
 * Puts a prompt into the content: at the cursor (replacing any selection) when the text area has
 * one, otherwise on a new line at the end. Returns the new text and where the cursor goes (after
 * the prompt and the line break that follows it).
 */
export function insertPrompt(
  content: string,
  prompt: string,
  selection?: { start: number; end: number } | null,
): { content: string; cursor: number } {
  if (!selection) {
    const before = content === '' || content.endsWith('\n') ? content : `${content}\n`;
    const next = `${before}${prompt}\n`;
    return { content: next, cursor: next.length };
  }
  const start = Math.max(0, Math.min(selection.start, content.length));
  const end = Math.max(start, Math.min(selection.end, content.length));
  const head = content.slice(0, start);
  const tail = content.slice(end);
  const lead = head === '' || head.endsWith('\n') ? '' : '\n';
  const inserted = `${lead}${prompt}\n`;
  return { content: `${head}${inserted}${tail}`, cursor: head.length + inserted.length };
}
