import { describe, expect, it } from 'vitest';
import { profilePictureAt } from './picture-size.ts';

describe('profilePictureAt', () => {
  const large = '/files/pictures/q8Zr3mN0x_Tb-4kLp2WcYA-512.webp';

  it('draws our own picture from its 64 px file up to 32 CSS pixels, else the 512 px one', () => {
    expect(profilePictureAt(large, 32)).toBe('/files/pictures/q8Zr3mN0x_Tb-4kLp2WcYA-64.webp');
    expect(profilePictureAt(large, 24)).toBe('/files/pictures/q8Zr3mN0x_Tb-4kLp2WcYA-64.webp');
    expect(profilePictureAt(large, 96)).toBe(large);
  });

  it('leaves any other address as it is', () => {
    for (const url of [
      'https://lh3.googleusercontent.com/a/alice-512.webp',
      '/files/user-content/user-1/notes/page-512.webp',
      '/files/pictures/a/b-512.webp',
      `${large}?x=1`,
    ]) {
      expect(profilePictureAt(url, 32)).toBe(url);
    }
  });
});
