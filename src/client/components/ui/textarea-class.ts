/** The app's text areas: its field look, roomy for writing (the journal's, the groups'). */
export const textareaClassName =
  'block w-full resize-y rounded-2xl border border-input bg-background px-4 py-3 text-base leading-relaxed text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none';
