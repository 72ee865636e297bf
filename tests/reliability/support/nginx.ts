// nginx in front of several server instances (decision 012), with the deployment's own site
// (deploy/nginx/grounded.conf) and a test certificate. Debian installs nginx at /usr/sbin/nginx,
// often not on PATH.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import { onCleanup, tempDir } from './cleanup.ts';
import { freePort, logTail, root } from './server.ts';

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

export type Nginx = {
  /** https://127.0.0.1:port: the site's TLS server. */
  url: string;
  /** http://127.0.0.1:port: the site's plain HTTP server, which sends people to HTTPS. */
  plainUrl: string;
  errorLog: string;
  stop: () => Promise<void>;
};

/** The deployment's nginx site (docs/operations.md), as committed. */
export const siteFile = path.join(root, 'deploy/nginx/grounded.conf');

export type SiteOptions = {
  httpPort: number;
  httpsPort: number;
  certificate: string;
  key: string;
  upstreams: string[];
  clientDir: string;
  challengeDir: string;
};

/** Replaces `from` with `to` in the site, and fails when the site no longer says `from`. */
function replaceIn(site: string, from: string | RegExp, to: string): string {
  const found = typeof from === 'string' ? site.includes(from) : from.test(site);
  if (!found) throw new Error(`deploy/nginx/grounded.conf no longer has ${String(from)}`);
  return site.replaceAll(from instanceof RegExp ? new RegExp(from, 'g') : from, to);
}

/**
 * The committed site with this machine's ports, certificate, instances and client put in, and
 * nothing else changed but one header naming the instance that answered (the checks read it).
 * Every part that is replaced must still be there, so the site cannot drift from what is tested.
 */
export function renderSite(site: string, options: SiteOptions): string {
  const servers = options.upstreams
    .map((url) => `    server ${new URL(url).host} max_fails=1 fail_timeout=1s;`)
    .join('\n');
  let rendered = replaceIn(
    site,
    /( {4}server 127\.0\.0\.1:\d+ max_fails=1 fail_timeout=1s;\n)+/,
    `${servers}\n`,
  );
  rendered = replaceIn(rendered, '    listen [::]:80;\n', '');
  rendered = replaceIn(rendered, '    listen [::]:443 ssl http2;\n', '');
  rendered = replaceIn(rendered, 'listen 80;', `listen 127.0.0.1:${options.httpPort};`);
  rendered = replaceIn(
    rendered,
    'listen 443 ssl http2;',
    `listen 127.0.0.1:${options.httpsPort} ssl http2;`,
  );
  rendered = replaceIn(rendered, /ssl_certificate \S+;/, `ssl_certificate ${options.certificate};`);
  rendered = replaceIn(rendered, /ssl_certificate_key \S+;/, `ssl_certificate_key ${options.key};`);
  rendered = replaceIn(rendered, '/opt/grounded/dist/client', options.clientDir);
  rendered = replaceIn(rendered, '/var/www/letsencrypt', options.challengeDir);
  return replaceIn(
    rendered,
    '        proxy_pass http://grounded;\n',
    `        proxy_pass http://grounded;\n        add_header ${upstreamHeader} $upstream_addr always;\n`,
  );
}

/**
 * A certificate for 127.0.0.1 made for this run (openssl), which this process then trusts, so
 * that its requests through the site are checked as a browser's are.
 */
function testCertificate(dir: string): { certificate: string; key: string } {
  const certificate = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0)
    throw new Error(`openssl could not make a test certificate: ${made.stderr}`);
  tls.setDefaultCACertificates([
    ...tls.getCACertificates('default'),
    fs.readFileSync(certificate, 'utf8'),
  ]);
  return { certificate, key };
}

/** nginx's own configuration around the site, in a directory of its own. */
export type NginxSetup = { dir: string; configFile: string; port: number; plainPort: number };

/**
 * Writes nginx.conf and the rendered site into a temp dir: free loopback ports, its own prefix,
 * pid file and logs (nothing under /etc or /var), and a test certificate.
 */
export async function writeNginxConfig(
  upstreams: string[],
  clientDir: string,
): Promise<NginxSetup> {
  const dir = tempDir('nginx');
  const port = await freePort();
  const plainPort = await freePort();
  const file = (name: string) => path.join(dir, name);
  const isRoot = process.getuid?.() === 0;
  fs.mkdirSync(file('acme'));
  fs.writeFileSync(
    file('site.conf'),
    renderSite(fs.readFileSync(siteFile, 'utf8'), {
      httpPort: plainPort,
      httpsPort: port,
      ...testCertificate(dir),
      upstreams,
      clientDir,
      challengeDir: file('acme'),
    }),
  );
  // Debian's list of file types, as its own nginx.conf includes it; a short one where it is missing.
  const mimeTypes = fs.existsSync('/etc/nginx/mime.types')
    ? 'include /etc/nginx/mime.types;'
    : 'types { text/html html; text/css css; application/javascript js; font/woff2 woff2; image/svg+xml svg; image/png png; }';
  // One worker: round robin is then exact (each worker keeps its own turn), and one is plenty.
  const config = `
${isRoot ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${file('nginx.pid')};
error_log ${file('error.log')} warn;
events { worker_connections 1024; }
http {
  ${mimeTypes}
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${file('body')};
  proxy_temp_path ${file('proxy')};
  fastcgi_temp_path ${file('fastcgi')};
  uwsgi_temp_path ${file('uwsgi')};
  scgi_temp_path ${file('scgi')};
  include ${file('site.conf')};
}
`;
  const configFile = file('nginx.conf');
  fs.writeFileSync(configFile, config);
  return { dir, configFile, port, plainPort };
}

/**
 * nginx with the deployment's site (deploy/nginx/grounded.conf) in front of the instances.
 * What the site does is what is tested: round robin; a request an instance cannot take
 * (connection refused or reset before it was sent, a timeout, a 502 or 503) goes to the next
 * instance, a POST already sent is not sent again; X-Forwarded-For is the client's address.
 * `clientDir`: the built client whose /assets/ nginx serves from disk.
 */
export async function startNginx(
  binary: string,
  upstreams: string[],
  clientDir = path.join(root, 'dist/client'),
): Promise<Nginx> {
  const { dir, configFile, port, plainPort } = await writeNginxConfig(upstreams, clientDir);
  const file = (name: string) => path.join(dir, name);
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
  const url = `https://127.0.0.1:${port}`;
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
    plainUrl: `http://127.0.0.1:${plainPort}`,
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
