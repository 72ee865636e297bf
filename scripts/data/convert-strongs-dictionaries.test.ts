import { describe, expect, it } from 'vitest';
import { parseDictionary } from './convert-strongs-dictionaries.ts';

const imp = [
  '$$$00025',
  '<entryFree n="00025">     <orth>ἀγαπάω</orth> <orth type="writing">A)GAPA/W</orth>   <orth rend="bold" type="trans">agapáō</orth>    <pron rend="italic">ag-ap-ah\'-o</pron><lb/> <def>to love:--(be-)love(-ed). Compare <ref target="StrongsGreek:5368">G5368</ref>. </def> </entryFree>',
  '$$$00859',
  '<entryFree n="859"> <orth>אתּה<hi rend="super">o</hi></orth><lb/> <orth rend="bold" type="trans">\'attâh  \'ath</orth> <pron rend="italic">at-taw\'</pron><lb/> <def>A primitive pronoun; <hi rend="italic">thou</hi> &amp; ye. From <ref target="StrongsHebrew:0853">H853</ref></def> </entryFree>',
  '$$$00000',
  'not an entry',
  '',
].join('\n');

describe("converting the Strong's dictionaries", () => {
  it('keeps the word, transliteration, pronunciation and the sense as plain text', () => {
    expect(parseDictionary(imp, 'G')).toEqual({
      G25: {
        lemma: 'ἀγαπάω',
        transliteration: 'agapáō',
        pronunciation: "ag-ap-ah'-o",
        definition: 'to love:--(be-)love(-ed). Compare G5368.',
      },
      G859: {
        lemma: 'אתּהo',
        transliteration: "'attâh 'ath",
        pronunciation: "at-taw'",
        definition: 'A primitive pronoun; thou & ye. From H853',
      },
    });
  });
});
