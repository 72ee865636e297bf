// Measures the study notes' offline download as the server sends it (brotli, the server's own
// quality: src/server/features/study/study-download.ts) and writes the figure into
// src/shared/rules/study-download.ts, which the reader shows before the download starts. Rerun
// after the study data or a chapter's study answer changes (study-download.test.ts says when).
// Usage: node scripts/data/measure-study-download.ts
import fs from 'node:fs';
import path from 'node:path';
import {
  brotliOf,
  buildStudyPackBody,
  studyDictionary,
} from '#server/features/study/study-download.ts';

const target = path.join(import.meta.dirname, '../../src/shared/rules/study-download.ts');

const { body } = await buildStudyPackBody();
const pack = (await brotliOf(body)).length;
const dictionary = (await studyDictionary()).br.length;
const total = pack + dictionary;
const source = fs.readFileSync(target, 'utf8');
const updated = source.replace(
  /export const studyDownloadBytes = [\d_]+;/,
  `export const studyDownloadBytes = ${total.toLocaleString('en-US').replaceAll(',', '_')};`,
);
if (
  updated === source &&
  !source.includes(`= ${total.toLocaleString('en-US').replaceAll(',', '_')};`)
) {
  throw new Error(`No studyDownloadBytes line in ${target}`);
}
fs.writeFileSync(target, updated);
console.log(
  `The pack: ${pack} bytes (${body.length} before brotli); the dictionaries: ${dictionary} bytes; together ${total} bytes.`,
);
