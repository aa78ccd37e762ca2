import { describe, expect, it } from 'vitest';
import { mailBody, SIGN_OFF } from './mail-body';

describe('mailBody', () => {
  const { text, html } = mailBody([
    { p: 'Halo Budi <b>&</b>,' },
    { p: ['Jika itu Anda, ', { label: 'masuk', href: 'https://telaah.test/sign-in?a=1&b=2' }, '.'] },
    { lead: 'Klik tautan berikut (berlaku 24 jam):', label: 'Verifikasi email', href: 'https://telaah.test/v?t=x' },
    { label: 'Kuitansi yang bisa dicetak', href: 'https://telaah.test/k' },
    { rows: [['Paket', 'Keanggotaan Premium 1 bulan'], 'Termasuk 3 hari kredit.', ['Jumlah', 'Rp 149.000']] },
    { lead: 'Pesan dari Ani:', quote: 'Selamat\n<ulang tahun>' },
    SIGN_OFF,
    {
      note: 'Anda menerima email ini karena…',
      links: [{ label: 'Berhenti (satu klik)', href: 'https://telaah.test/u' }],
    },
  ]);

  it('writes the text with a blank line between blocks and the links written out', () => {
    expect(text).toBe(
      [
        'Halo Budi <b>&</b>,',
        '',
        'Jika itu Anda, masuk (https://telaah.test/sign-in?a=1&b=2).',
        '',
        'Klik tautan berikut (berlaku 24 jam):',
        'https://telaah.test/v?t=x',
        '',
        'Kuitansi yang bisa dicetak: https://telaah.test/k',
        '',
        'Paket: Keanggotaan Premium 1 bulan',
        'Termasuk 3 hari kredit.',
        'Jumlah: Rp 149.000',
        '',
        'Pesan dari Ani:',
        '"Selamat\n<ulang tahun>"',
        '',
        'Salam,',
        'Tim Telaah',
        '',
        '—',
        'Anda menerima email ini karena…',
        'Berhenti (satu klik): https://telaah.test/u',
      ].join('\n'),
    );
  });

  it('writes the same words as one HTML document, escaped, links as anchors', () => {
    expect(html.startsWith('<!doctype html><html lang="id">')).toBe(true);
    expect(html.endsWith('</body></html>')).toBe(true);
    expect(html).toContain('Halo Budi &lt;b&gt;&amp;&lt;/b&gt;,');
    expect(html).not.toContain('<b>');
    expect(html).toContain('Jika itu Anda, <a href="https://telaah.test/sign-in?a=1&amp;b=2">masuk</a>.');
    expect(html).toContain('Klik tautan berikut (berlaku 24 jam):</p>');
    expect(html).toMatch(/<a href="https:\/\/telaah.test\/v\?t=x" style="[^"]+">Verifikasi email<\/a>/);
    expect(html).toContain('>Kuitansi yang bisa dicetak</a>');
    expect(html).toContain(
      '<th align="left" style="padding-right:12px">Paket</th><td>Keanggotaan Premium 1 bulan</td>',
    );
    expect(html).toContain('<td colspan="2">Termasuk 3 hari kredit.</td>');
    expect(html).toContain('Selamat<br>&lt;ulang tahun&gt;</blockquote>');
    expect(html).toContain('Salam,<br>Tim Telaah');
    expect(html).toContain('<a href="https://telaah.test/u">Berhenti (satu klik)</a>');
  });
});
