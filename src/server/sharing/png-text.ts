/**
 * Writes a text chunk into a PNG: the card's own words travel with the image as its description
 * (PNG `iTXt`, UTF-8, uncompressed), so what a card says can be read back and checked without OCR.
 */
import { crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** Returns `png` with an `iTXt` chunk `keyword` = `text` placed right after the header chunk. */
export function withPngText(png: Uint8Array, keyword: string, text: string): Buffer {
  const buf = Buffer.from(png);
  if (!buf.subarray(0, 8).equals(SIGNATURE)) throw new Error('Not a PNG');
  const ihdrEnd = 8 + 12 + buf.readUInt32BE(8);
  // keyword \0, compression flag 0, method 0, empty language tag \0, empty translated keyword \0, text
  const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]);
  return Buffer.concat([buf.subarray(0, ihdrEnd), chunk('iTXt', data), buf.subarray(ihdrEnd)]);
}

/** The `iTXt` texts of a PNG by keyword (what `withPngText` wrote). */
export function readPngTexts(png: Uint8Array): Record<string, string> {
  const buf = Buffer.from(png);
  const out: Record<string, string> = {};
  let at = 8;
  while (at + 8 <= buf.length) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (type === 'iTXt') {
      const data = buf.subarray(at + 8, at + 8 + length);
      const nul = data.indexOf(0);
      const keyword = data.toString('latin1', 0, nul);
      // Skip the flags, then the language tag and translated keyword (each NUL-terminated).
      let p = nul + 3;
      p = data.indexOf(0, p) + 1;
      p = data.indexOf(0, p) + 1;
      out[keyword] = data.toString('utf8', p);
    }
    at += 12 + length;
  }
  return out;
}

/** Width and height from the PNG header. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const buf = Buffer.from(png);
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}
