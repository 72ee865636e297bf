// nginx as the physical limit for a static answer: started by the bench on a free loopback port
// with its own prefix, config, pid file and logs in a temp dir (nothing under /etc or /var),
// serving one file at the same path as our route, with the same bytes and content type.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from './cleanup.ts';
import { freePort, startChild, waitUntilAnswering, type Child } from './processes.ts';

const candidates = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

export function findNginx(): string | null {
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  return [onPath, ...candidates].find((file) => file !== '' && fs.existsSync(file)) ?? null;
}

export function nginxVersion(binary: string): string {
  // `nginx -v` prints "nginx version: nginx/1.22.1" on stderr.
  const { stderr } = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  return stderr.trim().replace(/^nginx version:\s*/, '');
}

export type StaticFile = {
  /** The URL path, e.g. /api/bible/John/3. */
  urlPath: string;
  contentType: string;
  /** The uncompressed body, and the exact compressed bytes served for accept-encoding: gzip. */
  body: Buffer;
  gzip: Buffer;
};

export type Nginx = { url: string; child: Child; stop: () => Promise<void> };

export async function startNginx(
  binary: string,
  file: StaticFile,
  options: { workers?: number } = {},
): Promise<Nginx> {
  const { dir, remove } = tempDir('nginx');
  const port = await freePort();
  const docRoot = path.join(dir, 'html');
  const target = path.join(docRoot, file.urlPath);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, file.body);
  // gzip_static sends this file as is: byte for byte what our server sends.
  fs.writeFileSync(`${target}.gz`, file.gzip);
  const temp = (name: string) => path.join(dir, name);
  const isRoot = process.getuid?.() === 0;
  const config = `
${isRoot ? 'user root;' : ''}
worker_processes ${options.workers ?? 'auto'};
daemon off;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 1000000;
  keepalive_timeout 75s;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  types {}
  default_type "${file.contentType}";
  server {
    listen 127.0.0.1:${port};
    root ${docRoot};
    location / {
      gzip_static on;
      gzip_vary on;
      add_header cache-control "public, max-age=31536000, immutable";
    }
  }
}
`;
  const configFile = temp('nginx.conf');
  fs.writeFileSync(configFile, config);
  const child = startChild(binary, ['-p', dir, '-c', configFile, '-e', temp('error.log')], {
    logFile: temp('error.log'),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}${file.urlPath}`, child, 10_000);
  return {
    url,
    child,
    stop: async () => {
      // SIGQUIT: graceful shutdown of master and workers.
      await child.stop('SIGQUIT');
      remove();
    },
  };
}

/**
 * nginx in front of several app servers (decision 012: several instances), round robin (nginx's
 * default), HTTP/1.1 keep-alive to each upstream, with its own temp prefix and config.
 */
export async function startNginxBalancer(binary: string, upstreams: string[]): Promise<Nginx> {
  const { dir, remove } = tempDir('nginx-lb');
  const port = await freePort();
  const temp = (name: string) => path.join(dir, name);
  const isRoot = process.getuid?.() === 0;
  const servers = upstreams
    .map((upstream) => `    server ${upstream.replace(/^https?:\/\//, '')};`)
    .join('\n');
  const config = `
${isRoot ? 'user root;' : ''}
worker_processes auto;
daemon off;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  tcp_nodelay on;
  keepalive_requests 1000000;
  keepalive_timeout 75s;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream grounded {
${servers}
    keepalive 128;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://grounded;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering on;
    }
  }
}
`;
  const configFile = temp('nginx.conf');
  fs.writeFileSync(configFile, config);
  const child = startChild(binary, ['-p', dir, '-c', configFile, '-e', temp('error.log')], {
    logFile: temp('error.log'),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/api/health`, child, 10_000);
  return {
    url,
    child,
    stop: async () => {
      await child.stop('SIGQUIT');
      remove();
    },
  };
}
