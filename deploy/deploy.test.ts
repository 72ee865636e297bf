// The deployment files are checked by the tools that will read them: systemd's own verifier and
// security analysis for the unit, and `nginx -t` for the site (the reliability run then serves
// three instances through that site: tests/reliability/scenarios/instances.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findNginx, siteFile, writeNginxConfig } from '#tests/reliability/support/nginx.ts';

const unitFile = path.join(import.meta.dirname, 'systemd/grounded@.service');

/** The unit as an instance (grounded@3001), with Node where this machine has it. */
function instanceUnit(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-unit-'));
  const file = path.join(dir, 'grounded@3001.service');
  fs.writeFileSync(file, text.replace('/usr/local/bin/node', process.execPath));
  return file;
}

function systemdAnalyze(...args: string[]) {
  return spawnSync('systemd-analyze', args, { encoding: 'utf8' });
}

describe('the systemd unit', () => {
  const unit = fs.readFileSync(unitFile, 'utf8');

  it('is what systemd accepts, without a warning', () => {
    const result = systemdAnalyze('verify', instanceUnit(unit));
    expect(result.error).toBeUndefined();
    expect(result.stderr + result.stdout).toBe('');
    expect(result.status).toBe(0);
    // The verifier is not lenient: a value it cannot read is reported.
    const broken = systemdAnalyze(
      'verify',
      instanceUnit(unit.replace('ProtectSystem=strict', 'ProtectSystem=everything')),
    );
    expect(broken.stderr).toContain('Failed to parse protect system value');
  });

  it('runs as its own user on a read-only system, writing only to its data directory', () => {
    expect(unit).toMatch(/^User=grounded$/m);
    expect(unit).toMatch(/^ProtectSystem=strict$/m);
    expect(unit).toMatch(/^ReadWritePaths=\/var\/lib\/grounded$/m);
    expect(unit).toMatch(/^Environment=DATA_DIR=\/var\/lib\/grounded$/m);
    // systemd's own score of what the service could do if taken over: 2.0 or less of 10
    // ("OK"; an unhardened service scores 9.6).
    const result = systemdAnalyze(
      'security',
      '--offline=yes',
      '--threshold=20',
      instanceUnit(unit),
    );
    const score = /Overall exposure level for \S+: ([\d.]+)/.exec(result.stdout)?.[1];
    expect(Number(score)).toBeLessThanOrEqual(2);
    expect(result.status).toBe(0);
  });
});

describe('the nginx site', () => {
  it('is what nginx accepts, with its TLS, HTTP/2 and the instances put in', async () => {
    const nginx = findNginx();
    expect(nginx, 'nginx is installed (apt-get install nginx)').toBeDefined();
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-client-'));
    const { configFile, dir } = await writeNginxConfig(
      ['http://127.0.0.1:3101', 'http://127.0.0.1:3102'],
      clientDir,
    );
    const result = spawnSync(nginx ?? 'nginx', ['-t', '-p', dir, '-c', configFile], {
      encoding: 'utf8',
    });
    expect(result.stderr).toContain('syntax is ok');
    expect(result.stderr).toContain('test is successful');
    const site = fs.readFileSync(path.join(dir, 'site.conf'), 'utf8');
    expect(site).toContain('server 127.0.0.1:3101 max_fails=1 fail_timeout=1s;');
    expect(site).toContain('server 127.0.0.1:3102 max_fails=1 fail_timeout=1s;');
    expect(site).not.toContain('server 127.0.0.1:3001');
    expect(fs.readFileSync(siteFile, 'utf8')).toMatch(/^ {4}listen 443 ssl http2;$/m);
  });
});
