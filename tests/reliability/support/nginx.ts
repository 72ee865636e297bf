// nginx in front of several server instances (decision 012): round robin, started on a free loopback
// port with its own prefix, config, pid file and logs in a temp dir (nothing under /etc or /var),
// as bench/nginx.ts runs it. Debian installs it at /usr/sbin/nginx, often not on PATH.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { onCleanup, tempDir } from './cleanup.ts';
import { freePort, logTail } from './server.ts';

const candidates = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

export function findNginx(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  return [onPath, ...candidates].find((file) => file !== '' && fs.existsSync(file));
}

export function nginxVersion(binary: string): string {
  // `nginx -v` prints "nginx version: nginx/1.22.1" on stderr.
  const { stderr } = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  return stderr.trim().replace(/^nginx version:\s*/, '');
}

/** The response header naming the instance (host:port) that answered, or the ones nginx tried. */
export const upstreamHeader = 'x-upstream';

export type Nginx = { url: string; errorLog: string; stop: () => Promise<void> };

/**
 * nginx proxying to the instances in turn. A request an instance cannot take (connection refused
 * or reset before the request was sent, a timeout, a 502 or 503) goes to the next instance; a
 * POST that was already sent is not sent again (nginx never repeats a non-idempotent request: the
 * instance may have written it), so its client gets 502 and may retry. X-Forwarded-For is set to
 * the client's address (replacing any the client sent), which the instances trust (TRUST_PROXY).
 */
export async function startNginx(binary: string, upstreams: string[]): Promise<Nginx> {
  const dir = tempDir('nginx');
  const port = await freePort();
  const file = (name: string) => path.join(dir, name);
  const isRoot = process.getuid?.() === 0;
  // An instance that refuses a connection is skipped for one second, not nginx's default ten:
  // nginx's own readiness probe reaches the instances before they listen, and with ten seconds
  // every one of them would still be out of the rotation when the checks begin ("no live
  // upstreams", 502). A killed instance is still routed around: each refused connection goes
  // to the next instance, and it is skipped again for the next second.
  const servers = upstreams
    .map((url) => `    server ${new URL(url).host} max_fails=1 fail_timeout=1s;`)
    .join('\n');
  // One worker: round robin is then exact (each worker keeps its own turn), and one is plenty.
  // No upstream keepalive: a request on a kept connection to an instance killed meanwhile would
  // count as sent, and fail, where a new connection is refused and goes to the next instance.
  const config = `
${isRoot ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${file('nginx.pid')};
error_log ${file('error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${file('body')};
  proxy_temp_path ${file('proxy')};
  fastcgi_temp_path ${file('fastcgi')};
  uwsgi_temp_path ${file('uwsgi')};
  scgi_temp_path ${file('scgi')};
  upstream grounded {
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 1m;
    location / {
      proxy_pass http://grounded;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      add_header ${upstreamHeader} $upstream_addr always;
    }
  }
}
`;
  const configFile = file('nginx.conf');
  fs.writeFileSync(configFile, config);
  const errorLog = file('error.log');
  const log = fs.openSync(errorLog, 'a');
  const child = spawn(binary, ['-p', dir, '-c', configFile, '-e', errorLog], {
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  // The exit hook cannot wait: SIGTERM lets nginx's master take its workers down with it.
  const forget = onCleanup(() => {
    if (isRunning()) child.kill('SIGTERM');
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (!isRunning()) throw new Error(`nginx exited at start. Log:\n${logTail(errorLog)}`);
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`nginx did not start. Log:\n${logTail(errorLog)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    errorLog,
    stop: async () => {
      // SIGQUIT: graceful shutdown of master and workers.
      if (isRunning()) child.kill('SIGQUIT');
      const timer = setTimeout(() => isRunning() && child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      forget();
    },
  };
}
