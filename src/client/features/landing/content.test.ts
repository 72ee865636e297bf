import { describe, expect, it } from 'vitest';
import { translations } from '#shared/bible/translation-list.ts';
import { publicFeatures } from './content.ts';

describe('the landing page’s cards', () => {
  it('the reader’s card names every translation the reader offers', () => {
    const reader = publicFeatures.find((card) => card.to === '/read-bible');
    expect(reader).toBeDefined();
    for (const translation of translations) {
      expect(reader?.description).toContain(translation.name);
    }
  });
});
