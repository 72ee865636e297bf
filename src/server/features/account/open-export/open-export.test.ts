// Decision 026: the open exports. A zip of Markdown or CSV files of a member's notes, highlights,
// journal and saved verses, nothing of anyone else's, that an unzip tool, a notes app and a
// spreadsheet read as meant.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newRowId } from '#server/db/ids.ts';
import { verseNumber } from '#shared/bible/verse-index.ts';
import {
  browserRequest,
  sendingAs,
  signUp,
  type SignedIn,
} from '#tests/api-support/auth-helpers.ts';
import { testRateLimits, useTestApp } from '#tests/api-support/test-app.ts';
import { unzip } from '#tests/api-support/unzip.ts';

const t = useTestApp();
const send = sendingAs(t);

function download(format: string, cookie?: string) {
  return browserRequest(t, {
    method: 'GET',
    url: `/api/account/export.zip?format=${format}`,
    ...(cookie ? { cookie } : {}),
  });
}

/** RFC 4180 read back: the records of a CSV text, each a list of its fields. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const character = text[i];
    if (isQuoted) {
      if (character !== '"') field += character;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else isQuoted = false;
    } else if (character === '"') isQuoted = true;
    else if (character === ',') {
      record.push(field);
      field = '';
    } else if (character === '\r' && text[i + 1] === '\n') {
      records.push([...record, field]);
      record = [];
      field = '';
      i += 1;
    } else field += character;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

async function files(format: 'markdown' | 'csv', account: SignedIn) {
  const response = await download(format, account.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return unzip(response.rawPayload);
}

/** A few rows of each kind through the API, as the member makes them, each carrying `marker`. */
async function seed(account: SignedIn, marker: string) {
  const created = async (url: string, payload: Record<string, unknown>) => {
    const response = await send('POST', url, account, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<{ id: string }>();
  };
  await created('/api/notes', {
    book_name: 'John',
    chapter_number: 3,
    verse_number: 16,
    end_verse_number: 17,
    text: `Loved, and sent ${marker}`,
    tags: ['grace', 'hope'],
  });
  await created('/api/notes', {
    book_name: 'Genesis',
    chapter_number: 1,
    verse_number: 1,
    text: `The beginning ${marker}`,
    tags: [],
  });
  await created('/api/notes', {
    book_name: 'John',
    chapter_number: 1,
    verse_number: 1,
    text: `# The Word, "first", =SUM(A1), and a line\nbreak ${marker}`,
    tags: ['word'],
  });
  await created('/api/highlights/toggle', {
    book_name: 'Psalms',
    chapter_number: 23,
    verse_number: 1,
  });
  await created('/api/highlights/toggle', {
    book_name: 'Genesis',
    chapter_number: 1,
    verse_number: 3,
  });
  await created('/api/journal', {
    title: `Morning ${marker}`,
    content: `Grateful today, "quietly" ${marker}`,
    emotion_tags: ['Grateful'],
    verse_reference: 'Psalms 23:2',
  });
  await created('/api/journal', {
    content: `Lord, give me patience ${marker}`,
    emotion_tags: ['prayer'],
  });
  const prayer = await created('/api/prayers', {
    title: `For rain ${marker}`,
    details: 'The fields are dry.',
    person: 'Farmers',
    verse_reference: 'James 5:18',
  });
  await created(`/api/prayers/${prayer.id}/answered`, { answer_note: `It rained ${marker}` });
  await created('/api/saved-verses', {
    text: 'Be still, and know that I am God.',
    reference: 'Psalms 46:10',
    theme: 'Peace',
    custom_note: `@work reminder ${marker}`,
  });
}

describe('GET /api/account/export.zip', () => {
  it('answers a visitor 401 and a format it does not know 400', async () => {
    const visitor = await download('markdown');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ error: 'UNAUTHORIZED' });

    const account = await signUp(t);
    for (const format of ['pdf', '']) {
      const response = await download(format, account.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: 'format: Choose markdown or csv.',
      });
    }
  });

  it('downloads a zip of Markdown files that holds the member’s words and no one else’s', async () => {
    const ruth = await signUp(t);
    const naomi = await signUp(t);
    await seed(ruth, 'RUTH-MARK');
    await seed(naomi, 'NAOMI-MARK');

    const response = await download('markdown', ruth.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="grounded-markdown-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const zip = unzip(response.rawPayload);
    expect([...zip.keys()]).toEqual([
      'notes.md',
      'highlights.md',
      'journal.md',
      'saved-verses.md',
      'prayers.md',
    ]);
    const text = (name: string) => zip.get(name)?.toString('utf8') ?? '';
    for (const name of zip.keys()) {
      expect(text(name)).not.toContain('NAOMI-MARK');
    }

    const notes = text('notes.md');
    // Bible order: Genesis before John, John 1 before John 3, each book and chapter a heading.
    const order = [
      '# Genesis',
      '## Genesis 1',
      '### Genesis 1:1',
      '# John',
      '## John 1',
      '### John 1:1',
      '## John 3',
      '### John 3:16–17',
    ];
    const positions = order.map((heading) => notes.indexOf(`\n${heading}\n`));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // The verse text quoted, numbered in a run, then the note, its tags and its date.
    expect(notes).toContain(
      '### John 3:16–17\n\n> 16 For God so loved the world, that he gave his only begotten Son, ' +
        'that whosoever believeth in him should not perish, but have everlasting life.\n>\n> 17 For God sent not',
    );
    expect(notes).toContain(
      '> In the beginning God created the heaven and the earth.\n\nThe beginning RUTH-MARK\n',
    );
    expect(notes).toMatch(/\n_Tags: grace, hope · Written [A-Z][a-z]+ \d{1,2}, \d{4}_\n/);
    // The member's words shown as typed: a leading # is not a heading.
    expect(notes).toContain('\\# The Word, "first", =SUM(A1), and a line\\\nbreak RUTH-MARK');
    expect(notes).toContain('The verse text is the King James Version.');

    const highlights = text('highlights.md');
    expect(highlights.indexOf('# Genesis')).toBeLessThan(highlights.indexOf('# Psalms'));
    expect(highlights).toContain(
      '- **Genesis 1:3** And God said, Let there be light: and there was light.',
    );
    expect(highlights).toContain('- **Psalms 23:1** The LORD is my shepherd; I shall not want.');

    const journal = text('journal.md');
    expect(journal).toContain('## Morning RUTH-MARK\n\nGrateful today, "quietly" RUTH-MARK\n');
    expect(journal).toContain('Tags: Grateful · Verse: Psalms 23:2');
    // A prayer saved from /prayer is a journal entry tagged 'prayer'.
    expect(journal).toContain('Lord, give me patience RUTH-MARK');
    expect(journal).toContain('Tags: prayer');

    const saved = text('saved-verses.md');
    expect(saved).toContain(
      '## Psalms 46:10 (KJV)\n\n> Be still, and know that I am God.\n\n@work reminder RUTH-MARK',
    );
    expect(saved).toContain('Theme: Peace');

    // The prayer list (decision 025): each request with its answer and how long it took.
    const prayers = text('prayers.md');
    expect(prayers).toContain('## For rain RUTH-MARK\n\nThe fields are dry.\n');
    expect(prayers).toContain('For: Farmers · Verse: James 5:18');
    expect(prayers).toMatch(/\*\*Answered \w+ \d+, \d{4}\*\*, the same day\. It rained RUTH-MARK/);
  });

  it('downloads a zip of CSV files with a header, quoting and the formula guard', async () => {
    const ruth = await signUp(t);
    const naomi = await signUp(t);
    await seed(ruth, 'RUTH-MARK');
    await seed(naomi, 'NAOMI-MARK');

    const response = await download('csv', ruth.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="grounded-csv-[\d-]+\.zip"/);
    const zip = unzip(response.rawPayload);
    expect([...zip.keys()]).toEqual([
      'notes.csv',
      'highlights.csv',
      'journal.csv',
      'saved-verses.csv',
      'prayers.csv',
    ]);
    for (const [name, bytes] of zip) {
      // UTF-8 with a byte order mark, a header row, CRLF between records.
      expect([...bytes.subarray(0, 3)], name).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.toString('utf8')).not.toContain('NAOMI-MARK');
    }
    const text = (name: string) => zip.get(name)?.toString('utf8').slice(1) ?? '';

    const notes = text('notes.csv').split('\r\n');
    expect(notes[0]).toBe(
      'reference,book,chapter,verse,end_verse,verse_text,note,tags,created_at,updated_at',
    );
    expect(notes[1]).toMatch(
      /^Genesis 1:1,Genesis,1,1,1,In the beginning God created the heaven and the earth\.,The beginning RUTH-MARK,,\d{4}-/,
    );
    // Quotes doubled inside a quoted field, the line break kept inside it, and a note starting
    // with '#' is not a formula; a field starting with = + - @ gets an apostrophe (below).
    expect(notes[2]).toContain(
      ',"# The Word, ""first"", =SUM(A1), and a line\nbreak RUTH-MARK",word,',
    );
    expect(notes.join('\r\n')).toContain(
      'John 3:16–17,John,3,16,17,"For God so loved the world, that he gave his only begotten Son,',
    );
    expect(notes.join('\r\n')).toContain(',"Loved, and sent RUTH-MARK",grace; hope,');

    // Read back as a spreadsheet reads it, the note is what was typed.
    expect(parseCsv(text('notes.csv'))[2]?.[6]).toBe(
      '# The Word, "first", =SUM(A1), and a line\nbreak RUTH-MARK',
    );

    const highlights = text('highlights.csv').split('\r\n');
    expect(highlights[0]).toBe('reference,book,chapter,verse,verse_text,created_at');
    expect(highlights[1]).toMatch(
      /^Genesis 1:3,Genesis,1,3,"And God said, Let there be light: and there was light\.",/,
    );
    expect(highlights[2]).toMatch(
      /^Psalms 23:1,Psalms,23,1,The LORD is my shepherd; I shall not want\.,/,
    );

    const journal = text('journal.csv');
    expect(journal.split('\r\n')[0]).toBe(
      'title,content,tags,verse_reference,created_at,updated_at',
    );
    expect(journal).toContain(
      'Morning RUTH-MARK,"Grateful today, ""quietly"" RUTH-MARK",Grateful,Psalms 23:2,',
    );

    const prayers = text('prayers.csv');
    expect(prayers.split('\r\n')[0]).toBe(
      'title,details,person,verse_reference,reminder_days,reminder_time,answered_on,answer_note,days_to_answer,created_at,updated_at',
    );
    expect(prayers).toMatch(
      /For rain RUTH-MARK,The fields are dry\.,Farmers,James 5:18,,,\d{4}-\d{2}-\d{2},It rained RUTH-MARK,0,/,
    );

    const saved = text('saved-verses.csv');
    expect(saved.split('\r\n')[0]).toBe('reference,translation,text,note,theme,feeling,created_at');
    expect(saved).toContain(
      `Psalms 46:10,KJV,"Be still, and know that I am God.",'@work reminder RUTH-MARK,Peace,,`,
    );
  });

  it('guards every cell that a spreadsheet would read as a formula', async () => {
    const account = await signUp(t);
    for (const [index, start] of ['=', '+', '-', '@'].entries()) {
      const response = await send('POST', '/api/journal', account, {
        title: `${start}HYPERLINK("http://example.com") ${index}`,
        content: `${start}1+1`,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const journal = (await files('csv', account)).get('journal.csv')?.toString('utf8') ?? '';
    for (const [index, start] of ['=', '+', '-', '@'].entries()) {
      expect(journal).toContain(
        `"'${start}HYPERLINK(""http://example.com"") ${index}",'${start}1+1,`,
      );
    }
  });

  it('writes each file with what it says when the member has nothing of that kind', async () => {
    const account = await signUp(t);
    const markdown = await files('markdown', account);
    expect(markdown.get('notes.md')?.toString('utf8')).toMatch(
      /^You have no notes on verses yet\./,
    );
    expect(markdown.get('journal.md')?.toString('utf8')).toMatch(
      /^Your journal has no entries yet\./,
    );
    const csv = await files('csv', account);
    expect(csv.get('highlights.csv')?.toString('utf8')).toBe(
      '\uFEFFreference,book,chapter,verse,verse_text,created_at\r\n',
    );
  });

  it('writes every note of a big account once, in Bible order, across batches', async () => {
    const account = await signUp(t);
    // 1,203 notes, several on the same verse with the same time, so batches end inside ties.
    const now = '2026-11-28T10:00:00.000Z';
    const rows = Array.from({ length: 1203 }, (_, i) => {
      const verse = verseNumber({ bookIndex: 18, chapter: 119, verse: (i % 170) + 1 });
      return {
        id: newRowId(),
        user_id: account.user.id,
        book_index: 18,
        first_verse: verse,
        last_verse: verse,
        text: `Note ${i}`,
        tags: [],
        created_at: now,
        updated_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += 200) {
      await t.db
        .insertInto('verse_notes')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const csv = (await files('csv', account)).get('notes.csv')?.toString('utf8') ?? '';
    const records = parseCsv(csv.slice(1)).slice(1);
    expect(records).toHaveLength(1203);
    expect(new Set(records.map((record) => record[6])).size).toBe(1203);
    const verses = records.map((record) => Number(record[3]));
    expect(verses).toEqual([...verses].sort((a, b) => a - b));
  });
});

describe('export limits', () => {
  const limited = useTestApp({ rateLimits: { ...testRateLimits, exportsPerHour: 2 } });

  it('counts exports per person, JSON and zips together, and answers 429 past the limit', async () => {
    const ruth = await signUp(limited);
    const naomi = await signUp(limited);
    const get = (url: string, account: SignedIn) =>
      browserRequest(limited, { method: 'GET', url, cookie: account.cookie });
    expect((await get('/api/account/export', ruth)).statusCode).toBe(200);
    expect((await get('/api/account/export.zip?format=csv', ruth)).statusCode).toBe(200);
    const refused = await get('/api/account/export.zip?format=markdown', ruth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(refused.json<{ message: string }>().message).toMatch(
      /^You have downloaded your data several times in the last hour\./,
    );
    expect(refused.headers['retry-after']).toBeDefined();
    // Another person is not held back by the first.
    expect((await get('/api/account/export.zip?format=markdown', naomi)).statusCode).toBe(200);
  });

  it('runs one export at a time for a person: a second waits for the first to finish', async () => {
    const ruth = await signUp(limited);
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      id: newRowId(),
      user_id: ruth.user.id,
      book_index: 18,
      first_verse: verseNumber({ bookIndex: 18, chapter: 119, verse: (i % 170) + 1 }),
      last_verse: verseNumber({ bookIndex: 18, chapter: 119, verse: (i % 170) + 1 }),
      // Words that do not compress: the download is far bigger than every buffer on its way, so
      // the server cannot finish it before it is read.
      text: `Note ${i} ${randomBytes(200).toString('base64')}`,
      tags: [],
      created_at: '2026-11-28T10:00:00.000Z',
      updated_at: '2026-11-28T10:00:00.000Z',
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await limited.db
        .insertInto('verse_notes')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    // The first download is started and not read: the server holds it at its first batches.
    const first = await limited.app.inject({
      method: 'GET',
      url: '/api/account/export.zip?format=markdown',
      headers: { cookie: ruth.cookie },
      payloadAsStream: true,
    });
    expect(first.statusCode).toBe(200);
    const second = await browserRequest(limited, {
      method: 'GET',
      url: '/api/account/export',
      cookie: ruth.cookie,
    });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({
      error: 'RATE_LIMITED',
      message: 'Your data is already being downloaded. Please wait for that download to finish.',
    });
    // Once the first is read to its end, the next may start.
    const bytes: Buffer[] = [];
    for await (const chunk of first.stream()) bytes.push(chunk as Buffer);
    expect(unzip(Buffer.concat(bytes)).get('notes.md')?.toString('utf8')).toContain('Note 1199');
    await new Promise((resolve) => setImmediate(resolve));
    const third = await browserRequest(limited, {
      method: 'GET',
      url: '/api/account/export.zip?format=csv',
      cookie: ruth.cookie,
    });
    expect(third.statusCode).toBe(200);
  });
});
