import { describe, expect, it } from 'vitest';
import { readLines } from './read-lines.ts';

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function collect(chunks: Uint8Array[]): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of readLines(streamOf(chunks))) lines.push(line);
  return lines;
}

describe('readLines', () => {
  it('joins a line split across chunks, and a character split between its bytes', async () => {
    const bytes = new TextEncoder().encode('{"a":"Jésus"}\n{"b":2}\n\n{"c":3}');
    // 'é' is two bytes in UTF-8; cut between them.
    const cut = bytes.indexOf(0xc3) + 1;
    expect(await collect([bytes.slice(0, cut), bytes.slice(cut, 16), bytes.slice(16)])).toEqual([
      '{"a":"Jésus"}',
      '{"b":2}',
      '{"c":3}',
    ]);
  });

  it('gives nothing for an empty body and no empty last line for a trailing newline', async () => {
    expect(await collect([])).toEqual([]);
    expect(await collect([new TextEncoder().encode('one\ntwo\n')])).toEqual(['one', 'two']);
  });
});
