import { describe, expect, it } from 'vitest';
import { renderBroadcast, telegramMessage } from './markdown';

describe('renderBroadcast', () => {
  it('renders Markdown for email, Telegram and plain text', () => {
    const r = renderBroadcast(
      '# Kelas langsung\n\nMalam ini **pukul 19.30 WIB** bersama _tim riset_.\n\n- BBCA\n- TLKM\n\n1. Daftar\n2. Hadir\n\n[Daftar di sini](https://telaah.test/kelas)',
    );
    expect(r.emailHtml).toContain('<h2 style="');
    expect(r.emailHtml).toContain('<b>pukul 19.30 WIB</b>');
    expect(r.emailHtml).toContain('<i>tim riset</i>');
    expect(r.emailHtml).toMatch(/<ul style="[^"]*"><li>BBCA<\/li><li>TLKM<\/li><\/ul>/);
    expect(r.emailHtml).toContain('<a href="https://telaah.test/kelas">Daftar di sini</a>');
    expect(r.telegramHtml).toBe(
      '<b>Kelas langsung</b>\n\nMalam ini <b>pukul 19.30 WIB</b> bersama <i>tim riset</i>.\n\n• BBCA\n• TLKM\n\n1. Daftar\n2. Hadir\n\n<a href="https://telaah.test/kelas">Daftar di sini</a>',
    );
    expect(r.text).toBe(
      'Kelas langsung\n\nMalam ini pukul 19.30 WIB bersama tim riset.\n\n• BBCA\n• TLKM\n\n1. Daftar\n2. Hadir\n\nDaftar di sini (https://telaah.test/kelas)',
    );
  });

  it('never passes raw HTML, script links or remote images through', () => {
    const r = renderBroadcast(
      'Halo <script>alert(1)</script> [klik](javascript:alert(1)) ![pelacak](https://jahat.test/p.gif)\n\n<img src=x onerror=alert(1)>',
    );
    for (const html of [r.emailHtml, r.telegramHtml]) {
      expect(html).not.toMatch(/<script|<img|javascript:|jahat\.test/);
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
    expect(r.text).toContain('klik pelacak');
  });

  it('counts what Telegram counts: the text after its tags, entities as one character', () => {
    const r = renderBroadcast('**A** & <b>');
    expect(r.telegramHtml).toBe('<b>A</b> &amp; &lt;b&gt;');
    expect(r.telegramLength).toBe('A & <b>'.length);
    const m = telegramMessage('Judul & co', r);
    expect(m.html).toBe('<b>Judul &amp; co</b>\n\n<b>A</b> &amp; &lt;b&gt;');
    expect(m.length).toBe('Judul & co\n\nA & <b>'.length);
  });

  it('flattens nested quotes for Telegram, which refuses a blockquote inside another', () => {
    const r = renderBroadcast('> Luar\n>\n> > Dalam\n> > > Terdalam\n>\n> - butir\n>\n>   > di butir');
    expect(r.telegramHtml.match(/<blockquote>/g)).toHaveLength(1);
    expect(r.telegramHtml.match(/<\/blockquote>/g)).toHaveLength(1);
    expect(r.telegramHtml).toMatch(/^<blockquote>Luar\n\nDalam\n\nTerdalam\n\n• butir\ndi butir<\/blockquote>$/);
    expect(r.emailHtml.match(/<blockquote /g)).toHaveLength(4);
    const m = renderBroadcast('> > x');
    expect(m.telegramHtml).toBe('<blockquote>x</blockquote>');
    expect(m.telegramLength).toBe(1);
  });
});
