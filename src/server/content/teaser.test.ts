import { describe, expect, it } from 'vitest';
import { splitTeaser } from './teaser';

describe('splitTeaser', () => {
  it('keeps the first section and stops at the second heading', () => {
    const body = '## Ringkasan\n\nTeks publik.\n\n## Valuasi\n\nTeks berbayar.\n\n## Risiko\n\nJuga berbayar.\n';
    expect(splitTeaser(body)).toEqual({
      teaser: '## Ringkasan\n\nTeks publik.',
      sections: 3,
      locked: ['Valuasi', 'Risiko'],
    });
  });

  it('keeps text before the first heading with the first section', () => {
    expect(splitTeaser('Pembuka.\n\n## Satu\n\nA.\n\n## Dua\n\nB.').teaser).toBe('Pembuka.\n\n## Satu\n\nA.');
  });

  it('gates a body with fewer than two sections whole', () => {
    expect(splitTeaser('## Satu\n\nSeluruh isi analisis.')).toEqual({ teaser: '', sections: 1, locked: [] });
    expect(splitTeaser('Tanpa judul bagian sama sekali.')).toEqual({ teaser: '', sections: 0, locked: [] });
  });

  it('does not take ### subheadings or ## inside code fences as sections', () => {
    const body = '## Satu\n\n### Rinci\n\n```md\n## bukan judul\n```\n\n~~~\n## juga bukan\n~~~\n\nA.\n\n## Dua\n\nB.';
    const { teaser, sections } = splitTeaser(body);
    expect(sections).toBe(2);
    expect(teaser).toContain('## bukan judul');
    expect(teaser).not.toContain('B.');
  });

  it('counts setext headings and a level-1 heading as section starts', () => {
    expect(splitTeaser('Satu\n----\n\nA.\n\nDua\n---\n\nB.').teaser).toBe('Satu\n----\n\nA.');
    expect(splitTeaser('# Satu\n\nA.\n\n## Dua\n\nB.').teaser).toBe('# Satu\n\nA.');
  });

  it('handles Windows line ends and drops MDX import lines', () => {
    const body = "import Chart from '../Chart.astro';\r\n\r\n## Satu\r\n\r\nA.\r\n\r\n## Dua\r\n\r\nB.";
    expect(splitTeaser(body).teaser).toBe('## Satu\n\nA.');
  });

  it('names the locked sections in plain text, setext and closed ATX headings alike', () => {
    expect(splitTeaser('## Satu\n\nA.\n\n## **Valuasi** DCF ##\n\nB.\n\nRisiko\n---\n\nC.').locked).toEqual([
      'Valuasi DCF',
      'Risiko',
    ]);
  });

  it('needs a space after the hashes', () => {
    expect(splitTeaser('## Satu\n\n##tagar bukan judul\n\n## Dua\n\nB.').teaser).toBe('## Satu\n\n##tagar bukan judul');
  });
});
