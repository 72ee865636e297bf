import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { refuseDevelopmentSettings } from './load-dev-tools.ts';

const serverDir = import.meta.dirname;
const root = path.resolve(serverDir, '../..');

/**
 * The project's modules main.ts loads, followed import by import. Type-only imports are left out
 * (erased before the code runs); import() calls are followed only with `dynamic`.
 */
function moduleGraph(entry: string, { dynamic }: { dynamic: boolean }): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const specifiers: string[] = [];
    const walk = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
        specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
        specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
      } else if (
        dynamic &&
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        specifiers.push(node.arguments[0].text);
      }
      ts.forEachChild(node, walk);
    };
    walk(source);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
    }
  };
  visit(path.join(serverDir, entry));
  return new Set([...seen].map((file) => path.relative(root, file)));
}

describe('the development tools', () => {
  it('are not in the production server: main.ts reaches src/server/dev only through import()', () => {
    const production = moduleGraph('main.ts', { dynamic: false });
    const development = moduleGraph('main.ts', { dynamic: true });
    // The walk sees the server: the app, the scheduler, the loader.
    expect(production).toContain('src/server/app.ts');
    expect(production).toContain('src/server/jobs/reminder-scheduler.ts');
    expect(production).toContain('src/server/load-dev-tools.ts');
    // With the one import() followed, the tools are there; without it, none of them.
    expect(development).toContain('src/server/dev/dev.routes.ts');
    expect(development).toContain('src/server/dev/reminder-simulation.ts');
    expect([...production].filter((file) => file.startsWith('src/server/dev/'))).toEqual([]);
  });

  it('refuse REMINDER_SIMULATION in production, where reminders at the wrong time would reach real people', () => {
    const value = JSON.stringify({
      from: '2025-03-08T22:00:00Z',
      to: '2025-03-09T22:00:00Z',
      startsAt: '2026-01-01T12:00:00.000Z',
      speed: 2880,
    });
    expect(() =>
      refuseDevelopmentSettings({ NODE_ENV: 'production', REMINDER_SIMULATION: value }),
    ).toThrow(
      'REMINDER_SIMULATION is a development setting (a fast clock for the reminder scheduler); it is refused with NODE_ENV=production.',
    );
    expect(() => refuseDevelopmentSettings({ NODE_ENV: 'production' })).not.toThrow();
    expect(() =>
      refuseDevelopmentSettings({ NODE_ENV: 'production', REMINDER_SIMULATION: '' }),
    ).not.toThrow();
  });
});
