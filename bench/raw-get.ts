// A GET that keeps the body as sent (fetch would decompress it), to compare bytes on the wire.
import http from 'node:http';

export type RawAnswer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Size of the status line and headers as sent. */
  headerBytes: number;
  body: Buffer;
};

export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            headerBytes: countHeaderBytes(response),
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** "HTTP/1.1 200 OK\r\n", each "name: value\r\n", then the blank line. */
function countHeaderBytes(response: http.IncomingMessage): number {
  const statusLine = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length;
  let bytes = statusLine + 2;
  for (let i = 0; i < response.rawHeaders.length; i += 2) {
    bytes += (response.rawHeaders[i] ?? '').length + (response.rawHeaders[i + 1] ?? '').length + 4;
  }
  return bytes;
}
