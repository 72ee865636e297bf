import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

type LockPackage = { hasInstallScript?: boolean; optional?: boolean; dev?: boolean };

/**
 * `npm install` on a fresh clone must leave package-lock.json as committed.
 * npm records `hasInstallScript` for every package with an install step, and `npm ci` never
 * writes it back, so a lock file missing it looks fine until someone runs `npm install`.
 */
describe('package-lock.json', () => {
  it('marks every installed package that has an install script, as npm install writes it', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockPackage>;
    };
    const unmarked: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      if (!location.startsWith('node_modules/')) continue;
      const manifestPath = path.join(root, location, 'package.json');
      if (!fs.existsSync(manifestPath)) continue; // optional, for another platform
      const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as {
        scripts?: Record<string, string>;
        gypfile?: boolean;
      };
      const scripts = manifest.scripts ?? {};
      const hasInstallStep =
        Boolean(scripts.preinstall ?? scripts.install ?? scripts.postinstall) ||
        fs.existsSync(path.join(root, location, 'binding.gyp'));
      if (hasInstallStep && entry.hasInstallScript !== true) unmarked.push(location);
    }
    expect(unmarked).toEqual([]);
  });
});
