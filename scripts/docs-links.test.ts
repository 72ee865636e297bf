import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Every file under `dir` (relative to the root) whose name passes `keep`, skipping dependencies. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    const absolute = path.join(root, relative);
    if (!fs.existsSync(absolute)) return;
    for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (keep(entry.name)) found.push(child);
    }
  };
  walk(dir);
  return found.sort();
}

const read = (relative: string) => fs.readFileSync(path.join(root, relative), 'utf8');

/** The documents a reader of a clone opens: README.md and everything under docs/. */
const documents = ['README.md', ...filesUnder('docs', (name) => name.endsWith('.md'))];

/** Markdown text without fenced code blocks and inline code, where links are not links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of a document's inline links and link definitions. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
  const definitions = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)];
  return [...inline, ...definitions].map((match) => match[1] ?? '');
}

/** GitHub's anchor for each heading of a document (duplicates numbered -1, -2, …). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading = ''] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** Why a link of `document` to `target` does not stand on its own in a clone, or null. */
function linkProblem(document: string, target: string): string | null {
  if (/^(https?:|mailto:)/i.test(target)) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return 'a link with a scheme other than http(s)';
  if (target.startsWith('/')) return 'an absolute path';
  const [file = '', anchor] = target.split('#');
  const resolved =
    file === ''
      ? path.join(root, document)
      : path.resolve(root, path.dirname(document), decodeURI(file));
  const inside = path.relative(root, resolved);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return 'outside the repository';
  if (!fs.existsSync(resolved)) return 'a file that does not exist';
  if (
    anchor &&
    resolved.endsWith('.md') &&
    !anchorsOf(fs.readFileSync(resolved, 'utf8')).has(anchor)
  ) {
    return `no heading with the anchor #${anchor}`;
  }
  return null;
}

/** Places where the code and its tests are read: comments and strings that cite an issue. */
const self = path.relative(root, import.meta.filename);
const codeFiles = ['src', 'tests', 'bench', 'scripts', '.ci']
  .flatMap((dir) =>
    filesUnder(
      dir,
      (name) => /\.(ts|tsx|js|mjs|css|html|lua|sh)$/.test(name) || !name.includes('.'),
    ),
  )
  .filter((file) => file !== self); // this file quotes what it looks for
const configFiles = ['eslint.config.js', 'vite.config.ts', 'vitest.config.ts', 'index.html'];

/** "issue 23", "Issue #23", "issues 8 and 23": a number only the project's tracker can explain. */
const issueNumber = /\bissues? ?#?\d+/i;

function linesCiting(relative: string, pattern: RegExp): string[] {
  return read(relative)
    .split('\n')
    .flatMap((line, index) =>
      pattern.test(line) ? [`${relative}:${index + 1}: ${line.trim()}`] : [],
    );
}

describe('docs stand on their own in a clone', () => {
  it('finds the documents and the code it checks', () => {
    expect(documents).toContain('docs/product.md');
    expect(documents.some((document) => document.startsWith('docs/decisions/'))).toBe(true);
    expect(codeFiles).toContain('src/server/main.ts');
  });

  it('links only to files in the repository that exist, and to headings they have', () => {
    const problems = documents.flatMap((document) =>
      linkTargets(read(document)).flatMap((target) => {
        const problem = linkProblem(document, target);
        return problem ? [`${document}: ${target} (${problem})`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('names no path outside the repository, linked or not', () => {
    const outside = /\/work\/|\.\.\/shared\/|\/home\/|file:\/\//;
    expect(documents.flatMap((document) => linesCiting(document, outside))).toEqual([]);
  });

  it('names only docs/ files that exist, from the code and its comments', () => {
    const missing = [...codeFiles, ...configFiles].flatMap((file) =>
      [...read(file).matchAll(/\bdocs\/[\w./-]*?\.md\b/g)]
        .map((match) => match[0])
        .filter((named) => !fs.existsSync(path.join(root, named)))
        .map((named) => `${file}: ${named}`),
    );
    expect(missing).toEqual([]);
  });

  it('cites no issue number in docs, code, tests or their names', () => {
    const files = [...documents, ...codeFiles, ...configFiles].filter((file) =>
      fs.existsSync(path.join(root, file)),
    );
    expect(files.flatMap((file) => linesCiting(file, issueNumber))).toEqual([]);
  });

  it('catches the links and citations it is meant to catch', () => {
    expect(linkProblem('docs/product.md', '../../shared/spec/product-spec.md')).toBe(
      'outside the repository',
    );
    expect(linkProblem('docs/product.md', '/work/shared/spec/product-spec.md')).toBe(
      'an absolute path',
    );
    expect(linkProblem('docs/product.md', 'decisions/999-missing.md')).toBe(
      'a file that does not exist',
    );
    expect(linkProblem('docs/architecture.md', 'reliability.md#no-such-heading')).toBe(
      'no heading with the anchor #no-such-heading',
    );
    expect(linkProblem('README.md', 'docs/product.md')).toBeNull();
    expect(linkTargets('see `[a](/x)` and\n```\n[b](/y)\n```\n[c](docs/z.md "t")')).toEqual([
      'docs/z.md',
    ]);
    expect(
      anchorsOf('## Security: the outside review\n## Lists at scale\n## Lists at scale'),
    ).toEqual(new Set(['security-the-outside-review', 'lists-at-scale', 'lists-at-scale-1']));
    for (const citation of ['(issue 23)', 'Issue #8', 'issues 8 and 24', 'issue23']) {
      expect(issueNumber.test(citation), citation).toBe(true);
    }
    for (const fine of ['the issuer', 'color: #2563eb', 'instance #2', 'zod issues[0]']) {
      expect(issueNumber.test(fine), fine).toBe(false);
    }
  });
});
