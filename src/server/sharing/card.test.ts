import { describe, expect, it } from 'vitest';
import { cardText, renderCard } from './card';
import { pngSize, readPngTexts } from './png-text';

describe('renderCard', () => {
  it('makes a 1200×630 PNG that carries exactly the words it shows', async () => {
    const input = {
      kicker: 'BBCA',
      title: 'Kinerja kuartal III 2026 — kredit tumbuh',
      facts: [
        { label: 'Rating', value: 'Beli' },
        { label: 'Target harga', value: 'Rp 11.500' },
      ],
    };
    const png = await renderCard(input);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(readPngTexts(png)).toEqual({ Description: cardText(input) });
    expect(cardText(input).split('\n')).toEqual([
      'BBCA',
      'Kinerja kuartal III 2026 — kredit tumbuh',
      'Rating: Beli',
      'Target harga: Rp 11.500',
      'Telaah',
    ]);
  });
});
