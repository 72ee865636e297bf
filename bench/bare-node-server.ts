// The reference point between nginx and our server: Node's own http module answering every
// request with one cached, already-compressed buffer (no routing, no headers beyond the
// essentials). Started by bench/chapter.ts as `node bench/bare-node-server.ts PORT GZ_FILE TYPE`.
import fs from 'node:fs';
import http from 'node:http';

const [port = '0', gzipFile = '', contentType = 'application/json'] = process.argv.slice(2);
const body = fs.readFileSync(gzipFile);
const headers = {
  'content-type': contentType,
  'content-encoding': 'gzip',
  'content-length': String(body.length),
  vary: 'accept-encoding',
};

http
  .createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1');
