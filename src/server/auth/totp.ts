/**
 * TOTP (RFC 6238) through `otpauth`: 6 digits, 30-second steps, SHA-1 (what every authenticator app
 * reads). Codes follow the wall clock, never APP_NOW, as the phone's authenticator does.
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const ISSUER = 'Telaah';
const PERIOD = 30;

/** A new random secret, base32 (160 bits, as RFC 4226 recommends). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), digits: 6, period: PERIOD });
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The QR code of the URI as an SVG document (rendered on the server; no script, no outside image). */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * The time step of `code` if it is valid for `secret` at `atMs` (one step of drift either way), else
 * null. Callers refuse a step at or below the last one accepted, so a code works once.
 */
export function totpStep(secret: string, code: string, atMs: number = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: atMs, window: 1 });
  return delta === null ? null : Math.floor(atMs / 1000 / PERIOD) + delta;
}
