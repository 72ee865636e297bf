import { describe, expect, it } from 'vitest';
import { speakerOf, speechIntroductions } from './speakers.ts';

const none = { christ: false, before: [] };

describe('who is speaking, only where the words say', () => {
  it('is Jesus wherever the module marks the words as his', () => {
    expect(speakerOf({ christ: true, verse: 'For God so loved the world', before: [] })).toBe(
      'Jesus',
    );
  });

  it('names the speaker a verse introduces', () => {
    const cases: [string, string][] = [
      ['And God said, Let there be light: and there was light.', 'God'],
      ['Then Jesus answered and said unto them, Verily', 'Jesus'],
      ['And David said to Saul, Let no man’s heart fail because of him;', 'David'],
      ['Thus saith the LORD; Deceive not yourselves', 'The LORD'],
      [
        'For I know the thoughts that I think toward you, saith the LORD, thoughts of peace',
        'The LORD',
      ],
      [
        'In that day, saith the LORD of hosts, shall ye call every man his neighbour',
        'The LORD of hosts',
      ],
      ['And say, Thus saith the Lord GOD; Behold, I am against thee, O Zidon', 'The Lord GOD'],
      ['Then said Daniel to Melzar, whom the prince of the eunuchs had set', 'Daniel'],
      ['Furthermore Elihu answered and said,', 'Elihu'],
    ];
    for (const [verse, speaker] of cases)
      expect(speakerOf({ ...none, verse }), verse).toBe(speaker);
  });

  it('says nothing where the words do not say, or name more than one speaker', () => {
    const silent = [
      'Be still, and know that I am God: I will be exalted among the heathen',
      'The LORD is my shepherd; I shall not want.',
      'And God saw the light, that it was good',
      // Two speakers, or one unnamed: who says which words cannot be told.
      'And Moses said unto God, Who am I? And he said, Certainly I will be with thee',
      'And he said unto them, Go ye into all the world',
      // A name that is no one's, or a speaker spoken of, not speaking.
      'And the servants of David said unto him',
      'O Israel, trust thou in the LORD: he is their help and their shield.',
    ];
    for (const verse of silent) expect(speakerOf({ ...none, verse }), verse).toBeNull();
  });

  it('carries a speech on from earlier in the paragraph only while the verse goes on with it', () => {
    const before = ['And Joshua said unto them, Pass over before the ark of the LORD your God'];
    expect(
      speakerOf({
        christ: false,
        verse: 'That this may be a sign among you, that when your children ask',
        before,
      }),
    ).toBe('Joshua');
    // Narration after the speech, or words with no one addressed, are not the speech.
    expect(
      speakerOf({ christ: false, verse: 'And the people went over in haste.', before }),
    ).toBeNull();
    expect(
      speakerOf({ christ: false, verse: 'Twelve stones out of the midst of Jordan.', before }),
    ).toBeNull();
    expect(
      speakerOf({
        christ: false,
        verse: 'That this may be a sign among you',
        before: [...before, 'And they took up twelve stones.'],
      }),
    ).toBeNull();
  });

  it('finds each introduction in order, an unnamed one as null', () => {
    expect(
      speechIntroductions('And Saul said unto David, Go. And he said, I will.').map(
        (entry) => entry.speaker,
      ),
    ).toEqual(['Saul', null]);
  });
});
