// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { translations } from '#shared/bible/translation-list.ts';
import {
  parseTranslation,
  readDeviceTranslation,
  rememberOnDevice,
  translationAbbreviation,
  translationStorageKey,
} from './translation-device.ts';

describe('translation names and the device choice', () => {
  beforeEach(() => localStorage.clear());

  it("names each translation by the list's abbreviation, and an unknown one as the KJV", () => {
    for (const translation of translations) {
      expect(translationAbbreviation(translation.id)).toBe(translation.abbreviation);
    }
    expect(translationAbbreviation('__proto__')).toBe('KJV');
    expect(translationAbbreviation(null)).toBe('KJV');
  });

  it('reads only known ids from an address or storage, in any case', () => {
    expect(parseTranslation('web')).toBe('web');
    expect(parseTranslation('WEB')).toBe('web');
    expect(parseTranslation(' Asv ')).toBe('asv');
    expect(parseTranslation('NIV')).toBeNull();
    expect(parseTranslation('constructor')).toBeNull();
    localStorage.setItem(translationStorageKey, 'toString');
    expect(readDeviceTranslation()).toBe('kjv');
  });

  it('remembers a choice on the device', () => {
    rememberOnDevice('asv');
    expect(localStorage.getItem(translationStorageKey)).toBe('asv');
    expect(readDeviceTranslation()).toBe('asv');
  });
});
