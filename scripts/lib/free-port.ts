import net from 'node:net';

/**
 * A loopback port nothing listens on right now: the OS picks it, and it is closed again before
 * this resolves. For starting a server on it, or for a connection that is refused at once.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
