// The open exports' zip (decision 026), written by yazl as each file's stream is read.
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export type ZipEntry = { name: string; content: Readable; mtime?: Date };

/**
 * A zip of `entries`, streamed as it is written: each file is deflated as its stream gives it,
 * so the memory held is what a stream holds and the deflater's window. A file failing part way
 * destroys the zip, so the download fails instead of ending in a complete-looking archive; a zip
 * destroyed (a failure, or the download given up) destroys every file's stream, so none goes on
 * reading the database for nobody.
 */
export function zipStream(entries: readonly ZipEntry[]): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const fail = (error: Error) => output.destroy(error);
  zip.on('error', fail);
  for (const { name, content, mtime } of entries) {
    content.on('error', fail);
    zip.addReadStream(content, name, mtime ? { mtime } : {});
  }
  output.once('close', () => {
    for (const { content } of entries) content.destroy();
  });
  zip.end();
  return output;
}
