/**
 * Typed text folded to plain ASCII letters and quotes: accents and ligatures decomposed, curly
 * quotes made straight. Both searches use it: the Bible's (src/server/bible/search, whose text is
 * plain ASCII) and the full-text search of one's own rows (src/server/db/full-text.ts).
 */

/** 'naïve' → 'naive', 'ﬁ' → 'fi', '‘’' → "'", '“”' → '"'. */
export function foldQuery(query: string): string {
  return query
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u201B\u02BC\u0060\u00B4]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u00AB\u00BB\u2033]/g, '"');
}
