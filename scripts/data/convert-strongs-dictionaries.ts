// Converts Debian's Strong's dictionaries (SWORD modules StrongsHebrew and StrongsGreek, packages
// sword-dict-strongs-hebrew and sword-dict-strongs-greek, public domain) into
// src/server/study/data/strongs-dictionary.json (decision 023): for each number, the original word,
// its transliteration and pronunciation, and the definition as plain text, with its references
// to other numbers written 'H433' or 'G5368'. Needs `mod2imp` (Debian's libsword-utils).
// Usage: node scripts/data/convert-strongs-dictionaries.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const outputDirectory = path.join(import.meta.dirname, '../../src/server/study/data');

export type DictionaryEntry = {
  /** The word in Hebrew or Greek letters. */
  lemma: string;
  transliteration: string;
  pronunciation: string;
  definition: string;
};

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function plainText(markup: string): string {
  return markup
    .replace(
      /<ref\b[^>]*target="Strongs(Hebrew|Greek):0*(\d+)"[^>]*>[\s\S]*?<\/ref>/g,
      (_, language: string, number: string) => `${language === 'Greek' ? 'G' : 'H'}${number}`,
    )
    .replace(/<lb\s*\/>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One module's entries from mod2imp's dump ('$$$00025' then the entry), keyed 'G25'. */
export function parseDictionary(imp: string, prefix: 'H' | 'G'): Record<string, DictionaryEntry> {
  const entries: Record<string, DictionaryEntry> = {};
  for (const block of imp.split(/^\$\$\$/m).slice(1)) {
    const newline = block.indexOf('\n');
    const key = block.slice(0, newline).trim();
    const body = block.slice(newline + 1);
    if (!/^\d+$/.test(key) || Number(key) === 0) continue;
    // An entry may give several spellings, with markup among them ('<hi rend="super">o</hi>').
    const field = (pattern: RegExp) => plainText(pattern.exec(body)?.[1] ?? '');
    const lemma = field(/<orth>([\s\S]*?)<\/orth>/);
    const transliteration = field(/<orth[^>]*type="trans"[^>]*>([\s\S]*?)<\/orth>/);
    const pronunciation = field(/<pron[^>]*>([\s\S]*?)<\/pron>/);
    const definitionMarkup = /<def>([\s\S]*?)<\/def>/.exec(body)?.[1];
    // A few entries give their sense before <def>: take everything after the pronunciation then.
    const definition = plainText(
      definitionMarkup ?? body.replace(/^[\s\S]*?<\/pron>/, '').replace(/<\/?entryFree[^>]*>/g, ''),
    );
    entries[`${prefix}${Number(key)}`] = { lemma, transliteration, pronunciation, definition };
  }
  return entries;
}

if (import.meta.main) {
  const dump = (module: string) =>
    execFileSync('mod2imp', [module], { maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
  const hebrew = parseDictionary(dump('StrongsHebrew'), 'H');
  const greek = parseDictionary(dump('StrongsGreek'), 'G');
  const conf = (name: string) =>
    /^Version=(.*)$/m.exec(fs.readFileSync(`/usr/share/sword/mods.d/${name}.conf`, 'utf8'))?.[1] ??
    '';
  const dictionary = {
    source:
      'SWORD modules StrongsHebrew and StrongsGreek (Debian sword-dict-strongs-hebrew, sword-dict-strongs-greek)',
    versions: { hebrew: conf('strongshebrew'), greek: conf('strongsgreek') },
    licence: 'Public domain',
    entries: { ...hebrew, ...greek },
  };
  fs.mkdirSync(outputDirectory, { recursive: true });
  fs.writeFileSync(
    path.join(outputDirectory, 'strongs-dictionary.json'),
    JSON.stringify(dictionary),
  );
  console.log(
    `${Object.keys(hebrew).length} Hebrew and ${Object.keys(greek).length} Greek entries, versions`,
    dictionary.versions,
  );
}
