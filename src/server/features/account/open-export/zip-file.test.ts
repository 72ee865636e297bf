// The zip writer of the open exports (decision 026): what unzip tools read, and a failure part
// way cutting the archive off rather than ending it.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { unzip } from '#tests/api-support/unzip.ts';
import { csvField, csvRecord } from './csv.ts';
import { markdownQuote, markdownText } from './markdown.ts';
import { zipStream } from './zip-file.ts';

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('zipStream', () => {
  it('writes each file as its stream is read, deflated, with UTF-8 names and contents', async () => {
    const zip = zipStream([
      {
        name: 'notes.md',
        content: Readable.from(['Psalms 23:1 ', 'ünïcode ✝'], { objectMode: false }),
      },
      { name: 'empty.csv', content: Readable.from([], { objectMode: false }) },
      { name: 'große.txt', content: Readable.from([Buffer.alloc(300_000, 'a')]) },
    ]);
    const files = unzip(await read(zip));
    expect([...files.keys()]).toEqual(['notes.md', 'empty.csv', 'große.txt']);
    expect(files.get('notes.md')?.toString('utf8')).toBe('Psalms 23:1 ünïcode ✝');
    expect(files.get('empty.csv')?.length).toBe(0);
    expect(files.get('große.txt')?.equals(Buffer.alloc(300_000, 'a'))).toBe(true);
  });

  it('fails the archive when a file fails part way, so no complete-looking zip is left', async () => {
    const later = Readable.from(['never read'], { objectMode: false });
    const zip = zipStream([
      {
        name: 'notes.md',
        content: Readable.from(
          (async function* () {
            yield 'the first batch\n';
            throw new Error('the database went away');
          })(),
          { objectMode: false },
        ),
      },
      { name: 'journal.md', content: later },
    ]);
    await expect(read(zip)).rejects.toThrow('the database went away');
    // The files not yet written are not left reading.
    expect(later.destroyed).toBe(true);
  });
});

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, and guards formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "amen"')).toBe('"say ""amen"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+44 20')).toBe("'+44 20");
    expect(csvField('-3')).toBe("'-3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('=HYPERLINK("x", "y")')).toBe(`"'=HYPERLINK(""x"", ""y"")"`);
    expect(csvField(null)).toBe('');
    expect(csvField(-3)).toBe('-3');
    expect(csvRecord(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});

describe('Markdown text', () => {
  it('shows a person’s words as typed, never as formatting', () => {
    expect(markdownText('# not a heading')).toBe('\\# not a heading');
    expect(markdownText('> not a quote\n- not a list\n1. not a number')).toBe(
      '\\> not a quote\\\n\\- not a list\\\n1\\. not a number',
    );
    expect(markdownText('a *b* _c_ [d](e) <script>')).toBe(
      'a \\*b\\* \\_c\\_ \\[d\\](e) \\<script\\>',
    );
    expect(markdownText('one\n\ntwo')).toBe('one\n\ntwo');
    expect(markdownQuote(['16 For God *so* loved', '17 For God sent'])).toBe(
      '> 16 For God \\*so\\* loved\n>\n> 17 For God sent',
    );
  });
});
