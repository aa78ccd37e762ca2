/**
 * A client that streams a large body the way an attacker would: chunked (no Content-Length), as fast as
 * the server takes it, and stops as soon as the server answers.
 */
import { request } from 'node:http';

export interface ChunkedAnswer {
  status: number;
  body: string;
  /** Bytes written before the answer arrived. */
  sent: number;
}

/** POSTs up to `total` bytes of `a` to `url` in 64 KiB chunks. */
export function postChunked(url: string, total: number, headers: Record<string, string>): Promise<ChunkedAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(url, { method: 'POST', headers });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (d) => (body += String(d)));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sent });
      });
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    pump();
  });
}
