/**
 * The lines of a streamed UTF-8 body, as they arrive (a line may span chunks, and so may a
 * character). Empty lines are skipped.
 */
export async function* readLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line !== '') yield line;
    }
    pending += decoder.decode();
    if (pending !== '') yield pending;
  } finally {
    reader.releaseLock();
  }
}
