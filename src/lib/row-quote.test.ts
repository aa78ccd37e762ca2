import { describe, expect, it } from 'vitest';
import { quoteRow } from './row-quote';

describe('quoteRow', () => {
  it('quotes a row as written, without its line ending', () => {
    expect(quoteRow('2026-03-02,BBCA,beli,100,8950\r')).toBe('2026-03-02,BBCA,beli,100,8950');
  });

  it('writes control and format characters as escapes', () => {
    expect(quoteRow('BB\u0000CA,\u202Ebeli\t1')).toBe('BB\\u{0}CA,\\u{202E}beli\\u{9}1');
    expect(quoteRow('a\u200Bb\u001Bc')).toBe('a\\u{200B}b\\u{1B}c');
  });

  it('cuts long rows at whole characters, never inside a surrogate pair', () => {
    expect(quoteRow('x'.repeat(200))).toBe(`${'x'.repeat(80)}…`);
    const emoji = '📈'.repeat(100);
    const quoted = quoteRow(emoji, 10);
    expect(quoted).toBe(`${'📈'.repeat(10)}…`);
    expect(quoted).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(quoteRow('x'.repeat(80))).toBe('x'.repeat(80));
  });
});
