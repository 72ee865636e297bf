import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { studyDataVersion } from '#shared/rules/study.ts';

const dataDirectory = path.join(import.meta.dirname, 'data');

/** The first twelve hex digits of a SHA-256 over every study data file, by name. */
function hashStudyData(): string {
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(dataDirectory).sort()) {
    hash.update(name);
    hash.update(fs.readFileSync(path.join(dataDirectory, name)));
  }
  return hash.digest('hex').slice(0, 12);
}

describe('studyDataVersion', () => {
  // Browsers keep a chapter's study answer for good under this version: data changed under an old
  // version would never reach them.
  it('names the study data as committed (update it whenever a data file changes)', () => {
    expect(studyDataVersion).toBe(hashStudyData());
  });
});
