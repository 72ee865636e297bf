// The reference point between nginx and our server: Node's own http module answering every
// request with one cached buffer, already compressed when the client takes gzip (no routing, no
// headers beyond the essentials). Started by bench/chapter.ts as
// `node bench/bare-node-server.ts PORT PLAIN_FILE GZ_FILE TYPE`.
import fs from 'node:fs';
import http from 'node:http';

const [port = '0', plainFile = '', gzipFile = '', contentType = 'application/json'] =
  process.argv.slice(2);
const plain = fs.readFileSync(plainFile);
const gzip = fs.readFileSync(gzipFile);
const plainHeaders = {
  'content-type': contentType,
  'content-length': String(plain.length),
  vary: 'accept-encoding',
};
const gzipHeaders = {
  ...plainHeaders,
  'content-encoding': 'gzip',
  'content-length': String(gzip.length),
};

http
  .createServer((request, response) => {
    const takesGzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    response.writeHead(200, takesGzip ? gzipHeaders : plainHeaders);
    response.end(takesGzip ? gzip : plain);
  })
  .listen(Number(port), '127.0.0.1');
