import { describe, expect, it } from 'vitest';
import { callbackPurpose } from './callback-purpose';

describe('callbackPurpose', () => {
  it('names the plan and its price for a purchase', () => {
    expect(callbackPurpose('/pay?plan=premium-1')).toMatch(/paket Premium 1 bulan \(Rp\s?[\d.]+\)/);
  });
  it('says what the page was', () => {
    expect(callbackPurpose('/analisis/BBCA/bbca-2025')).toContain('membaca analisis');
    expect(callbackPurpose('/portofolio/all')).toContain('portofolio');
    expect(callbackPurpose('/pay?plan=nope')).toContain('pembayaran');
    expect(callbackPurpose('/hadiah?t=abc')).toBe(
      'Masuk, atau daftar gratis, untuk menerima hadiah keanggotaan yang dikirim kepada Anda; setelah itu Anda kembali ke sana.',
    );
  });
  it('says nothing for no callback or one off this site', () => {
    expect(callbackPurpose('')).toBeNull();
    expect(callbackPurpose(null)).toBeNull();
    expect(callbackPurpose('//evil.example/pay?plan=premium-1')).toBeNull();
    expect(callbackPurpose('https://evil.example/')).toBeNull();
  });
});
