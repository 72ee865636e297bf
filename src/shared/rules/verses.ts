/** product §5/§9: the words on /feeling that a mood is found in (in the browser; never sent). */
export const feelingLimits = { text: 300 } as const;
