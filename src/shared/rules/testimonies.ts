/** The longest answer (each of the two) and the longest name a testimony may have. */
export const testimonyLimits = { answer: 2000, authorName: 80 } as const;
export const testimonyFieldMax = testimonyLimits.answer;
export const missingTestimonyMessage =
  'Please fill in both how you felt and what God reminded you of.';
