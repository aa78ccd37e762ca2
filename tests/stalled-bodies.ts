/**
 * The concurrent-bodies attack (issue #28, item 1): many connections from one loopback address, each
 * sending a request's headers and most of its body, then nothing. Every connection shares one body
 * buffer, so the attacker itself stays small. Loopback only.
 */
import { connect, type Socket } from 'node:net';
import { request } from 'node:http';

export interface StallOptions {
  host: string;
  port: number;
  /** The attacker's source address (any 127.x.y.z on Linux). */
  from: string;
  path: string;
  connections: number;
  /** Bytes of body each connection sends before it stalls. */
  bodyBytes: number;
  /** The Content-Length each connection declares (more than it sends). */
  declaredBytes: number;
}

export interface Stall {
  /** How many connections got which status so far ('reset' when cut without an answer). */
  statuses(): Record<string, number>;
  close(): void;
}

/** Opens the connections (resolves once every one is open and has written what it will) and holds them. */
export async function stallBodies(o: StallOptions): Promise<Stall> {
  const body = Buffer.alloc(o.bodyBytes, 0x61);
  const head = Buffer.from(
    `POST ${o.path} HTTP/1.1\r\nHost: ${o.host}:${o.port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${o.declaredBytes}\r\n\r\n`,
  );
  const counts: Record<string, number> = {};
  const sockets: Socket[] = [];
  const opened = Array.from({ length: o.connections }, () => {
    return new Promise<void>((resolve) => {
      const socket = connect({ host: o.host, port: o.port, localAddress: o.from });
      sockets.push(socket);
      let answered = false;
      socket.once('data', (d: Buffer) => {
        answered = true;
        const status = /^HTTP\/1\.1 (\d{3})/.exec(d.toString('latin1'))?.[1] ?? 'other';
        counts[status] = (counts[status] ?? 0) + 1;
      });
      socket.on('error', () => undefined);
      socket.once('close', () => {
        if (!answered) counts.reset = (counts.reset ?? 0) + 1;
        resolve();
      });
      socket.once('connect', () => {
        socket.write(head);
        socket.write(body);
        resolve();
      });
    });
  });
  await Promise.all(opened);
  return {
    statuses: () => ({ ...counts }),
    close: () => {
      for (const s of sockets) s.destroy();
    },
  };
}

/** A GET from the given source address; resolves with the status once the whole answer has arrived. */
export function getFrom(from: string, url: string, timeoutMs = 10_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress: from, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}
