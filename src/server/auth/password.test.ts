import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password';

describe('passwordProblem', () => {
  it.each([
    ['pendek', undefined, 'Kata sandi minimal 10 karakter.'],
    ['rahasia-budi-2026', 'budi@contoh.test', 'Kata sandi tidak boleh memuat "budi", bagian depan alamat email Anda.'],
    ['rahasia-budi-2026', 'Budi@Contoh.test', 'Kata sandi tidak boleh memuat "budi", bagian depan alamat email Anda.'],
    ['rahasia-budi-2026', 'bud@contoh.test', null],
    ['nasi-uduk-betawi-2026', 'budi@contoh.test', null],
  ])('%s for %s', (password, email, problem) => {
    expect(passwordProblem(password, email)).toBe(problem);
  });
});
