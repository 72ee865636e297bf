// One HTTP request over a keep-alive agent, timed, with every outcome kept: node:http costs the
// load generator far less CPU than fetch, and the server shares the machine's two cores with it.
import http from 'node:http';
import https from 'node:https';

export type HttpRequest = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
};

export type HttpOutcome = {
  /** 0 when no response came (socket error or timeout; see error). */
  status: number;
  body: Buffer;
  error?: string;
  startedAt: number;
  ms: number;
};

/** Kept connections for plain HTTP and for HTTPS (nginx's site, with the run's test certificate). */
export type Agent = { http: http.Agent; https: https.Agent; destroy: () => void };

export function createAgent(connections: number): Agent {
  const options = { keepAlive: true, maxSockets: connections };
  const agent = { http: new http.Agent(options), https: new https.Agent(options) };
  return {
    ...agent,
    destroy: () => {
      agent.http.destroy();
      agent.https.destroy();
    },
  };
}

export function send(
  agent: Agent,
  baseUrl: string,
  request: HttpRequest,
  timeoutMs: number,
): Promise<HttpOutcome> {
  const payload =
    request.json === undefined ? undefined : Buffer.from(JSON.stringify(request.json));
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const finish = (status: number, body: Buffer, error?: string) =>
      resolve({
        status,
        body,
        ...(error ? { error } : {}),
        startedAt,
        ms: performance.now() - startedAt,
      });
    const url = new URL(request.path, baseUrl);
    const isSecure = url.protocol === 'https:';
    const req = (isSecure ? https : http).request(
      url,
      {
        agent: isSecure ? agent.https : agent.http,
        method: request.method,
        headers: {
          ...request.headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': payload.length }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => finish(res.statusCode ?? 0, Buffer.concat(chunks)));
        res.on('error', (error) => finish(0, Buffer.alloc(0), error.message));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish(0, Buffer.alloc(0), error.code ?? error.message),
    );
    req.end(payload);
  });
}
