// The study notes' offline download (decision 023, "Offline"): its size, shown before the
// person starts it.

/**
 * Bytes on the wire with brotli of GET /api/study/download (every chapter's study data) and
 * GET /api/study/dictionary (the Strong's dictionaries), together. Measured from the built pack
 * by `node scripts/data/measure-study-download.ts`, which rewrites this line; an API test
 * (study-download.test.ts) fails when the real figure is more than 5% away.
 */
export const studyDownloadBytes = 2_701_364;
