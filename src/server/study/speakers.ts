// Who is speaking in a verse, only where the KJV's words say so (decision 023, Context): the words
// of Christ as the SWORD module marks them, else an explicit introduction of speech ('And God
// said', 'Jesus answered', 'Thus saith the LORD') in the verse, or earlier in its paragraph when
// the verse plainly goes on with what was said. Anything less certain says nothing.

/** The LORD and God as the KJV names them, or a person's name (one or two capitalised words). */
const name =
  'the LORD(?: God(?: of Israel| of hosts)?| of hosts)?|the Lord GOD|the Lord|God|[A-Z][a-z]+(?: [A-Z][a-z]+)?';
/** Verbs that introduce words spoken. */
const verb = 'said|saith|spake|answered|cried|prayed';

/** Capitalised words that start a clause and are no one's name. */
const notNames = new Set(
  (
    'And Then So But Now For Thus Behold Lord Verily Yea O Also Therefore Wherefore When ' +
    'Moreover Again Amen Thou Ye He She They It I We Who What Why How If Hear Go Let Come ' +
    'Surely Yet This These That There Which Whosoever Blessed Fear Take Give Israel Judah ' +
    'Ephraim Jerusalem Zion Egypt Well Or Others Furthermore First Nevertheless As Howbeit ' +
    'Notwithstanding Likewise Afterward Neither Nay Lo Master Sir Woman Father Men Brethren ' +
    'Many Some All One Another The Is Art Hast Shall'
  ).split(' '),
);

// '…, and Moses said', 'Then Jesus answered': the name is the subject, after a clause's start.
const subjectFirst = new RegExp(
  `(?:^|[.;:,?!]\\s*|\\b(?:And|and|Then|then|So|so|But|but|Now|now|when)\\s+)(${name})\\s+(?:answered and said|${verb})\\b`,
  'g',
);
// 'Then said Jesus', 'And said David'.
const verbFirst = new RegExp(`\\b(?:Then|And|and|then)\\s+(?:${verb})\\s+(${name})\\b`, 'g');
// 'Thus saith the LORD', '…, saith the LORD of hosts'.
const saith =
  /\bsaith (the LORD(?: God(?: of Israel| of hosts)?| of hosts)?|the Lord GOD)(?![a-zA-Z])/g;
// Speech given to someone unnamed ('And he said'): the speaker cannot be told from the words.
const unnamed = /\b(?:he|she|they|we|I)\s+(?:answered and said|said|saith|spake|answered)\b/gi;

/** A speaker named in words as 'The LORD', 'God', 'Moses' (the first letter capitalised). */
function speakerName(found: string): string {
  return found.charAt(0).toUpperCase() + found.slice(1);
}

/** The speakers a verse's words introduce, in order (null for an unnamed one: 'he said'). */
export function speechIntroductions(text: string): { speaker: string | null; at: number }[] {
  const found: { speaker: string | null; at: number }[] = [];
  for (const pattern of [subjectFirst, verbFirst, saith]) {
    for (const match of text.matchAll(pattern)) {
      // 'And God', 'Furthermore Elihu': the clause's first word is no part of the name.
      const words = (match[1] ?? '').split(' ');
      if (words.length === 2 && notNames.has(words[0] ?? '')) words.shift();
      const who = words.join(' ');
      if (notNames.has(who) || notNames.has(words[0] ?? '')) continue;
      found.push({ speaker: speakerName(who), at: (match.index ?? 0) + match[0].indexOf(who) });
    }
  }
  for (const match of text.matchAll(unnamed)) found.push({ speaker: null, at: match.index ?? 0 });
  return found.sort((a, b) => a.at - b.at);
}

/** One named speaker and no one else introduced, else null. */
function onlySpeaker(text: string): string | null | undefined {
  const introductions = speechIntroductions(text);
  if (introductions.length === 0) return undefined;
  const names = new Set(introductions.map((entry) => entry.speaker));
  if (names.size !== 1 || names.has(null)) return null;
  return [...names][0] ?? null;
}

/** Narration starts a verse this way in the KJV ('And he went', 'Then came'). */
const narrationStart = /^(?:And|Then|Now|So|After|When|In)\b/;
/** Words of the first or second person: what one says to another. */
const personal = /\b(?:I|me|my|mine|we|us|our|thou|thee|thy|thine|ye|you|your)\b/;

/**
 * The speaker of `verse` (plain KJV words): 'Jesus' where the module marks Christ's words;
 * otherwise the one named speaker the verse introduces; otherwise, when the verse goes on with a
 * speech begun earlier in its paragraph (`before`, nearest last: it and every verse since start
 * without narration and speak in the first or second person), that speech's one named speaker.
 * Null when the words do not say.
 */
export function speakerOf(input: {
  christ: boolean;
  verse: string;
  /** The paragraph's verses before this one, in order. */
  before: readonly string[];
}): string | null {
  if (input.christ) return 'Jesus';
  const own = onlySpeaker(input.verse);
  if (own !== undefined) return own;
  if (narrationStart.test(input.verse) || !personal.test(input.verse)) return null;
  for (let index = input.before.length - 1; index >= 0; index -= 1) {
    const text = input.before[index] ?? '';
    const introduced = onlySpeaker(text);
    if (introduced !== undefined) return introduced;
    if (narrationStart.test(text) || !personal.test(text)) return null;
  }
  return null;
}
