/**
 * Warm start (issue 29): before the server takes its first visitor, it asks itself for the pages visitors
 * reach first, over a private port on the loopback, through the very handler that serves them. The
 * research pages get rendered into memory (`http-cache.ts`), their market data into the market caches,
 * each answer's compressed copies and header blocks get made, and V8 compiles the fast paths, so the first
 * seconds after a start answer as fast as the rest.
 *
 * What is asked: the pre-rendered pages, `/analisis` and the research pages it links to (the analysed
 * tickers and the first screener rows), and each of those tickers' price API, each with the encodings
 * browsers accept and without; the portfolio page of each member given (`members`: the members signed in
 * last, with a cookie naming their own live session, auth/session-token.ts), which computes their
 * reports and keeps the page (member-pages-cache.ts) so that a member signed in before a restart is
 * answered from memory at once; then a few hundred more requests round the same paths for the compiler.
 * Bounded by `deadlineMs` whatever happens; a page that fails is left to its first visitor.
 */
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface WarmUpResult {
  paths: number;
  requests: number;
  ms: number;
}

/** Research links of a page: `/analisis/{T}` and analysis pages, without queries or fragments. */
const RESEARCH_LINK = /href="(\/analisis\/[^"?#]+)"/g;
const TICKER_PAGE = /^\/analisis\/([A-Z0-9]{4})$/;
/** The encodings asked for: a browser's, gzip only, none. */
const ENCODINGS = ['gzip, deflate, br, zstd', 'gzip', ''];
/** The page a member lands on (the sign-in's default destination, and the PWA's start page). */
export const MEMBER_LANDING = '/portofolio/all';

/** A path to ask for, and the `Cookie` to ask with (a member's page). */
interface Ask {
  path: string;
  cookie?: string;
}

export interface WarmUpOptions {
  /** Paths answered from memory already (the pre-rendered pages): asked for the compiler's sake. */
  prerendered: Iterable<string>;
  /**
   * Research pages to render at most besides `/analisis` (`WARM_UP_PAGES`); 0 renders none, `/analisis`
   * neither. None without APP_URL, on a server that does not know its public address (a try-out or test
   * server), so that one whose database is unreachable does not fail thousands of renders (and error reports)
   * before it opens.
   */
  researchPages: number;
  /** `Cookie` headers of members whose landing page to fill, most likely first (their own sessions). */
  members?: readonly string[];
  /** How long the members' pages may take in all, within `deadlineMs`. */
  memberMs?: number;
  /** Headers every member request carries (behind a TLS proxy: the public host and protocol). */
  memberHeaders?: Readonly<Record<string, string>>;
  /** Requests round the paths once they are filled, for the compiler (`WARM_UP_ROUNDS`). */
  rounds: number;
  deadlineMs?: number;
}

/** Warms `handler` up as described above; resolves with what it did, never rejects. */
export async function warmUp(handler: Handler, options: WarmUpOptions): Promise<WarmUpResult> {
  const { researchPages, rounds, deadlineMs = 30_000, memberMs = 5_000 } = options;
  const started = performance.now();
  const late = () => performance.now() - started > deadlineMs;
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  let requests = 0;
  const get = ({ path, cookie }: Ask, encoding: string) =>
    new Promise<string>((resolve) => {
      requests++;
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      if (cookie) Object.assign(headers, options.memberHeaders, { cookie });
      const req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(res.statusCode === 200 && !encoding ? Buffer.concat(chunks).toString() : ''));
        res.on('error', () => resolve(''));
      });
      req.setTimeout(deadlineMs, () => req.destroy());
      req.on('error', () => resolve(''));
      req.end();
    });
  try {
    const index = researchPages > 0 ? await get({ path: '/analisis' }, '') : '';
    const research = new Set<string>(researchPages > 0 ? ['/analisis'] : []);
    for (const [, link] of index.matchAll(RESEARCH_LINK)) {
      if (research.size > researchPages) break;
      research.add(link!);
    }
    const apis = [...research].flatMap((p) => {
      const ticker = TICKER_PAGE.exec(p)?.[1];
      return ticker ? [`/api/emiten/${ticker}/harga`] : [];
    });
    const pages: Ask[] = [...options.prerendered, ...research, ...apis].map((path) => ({ path }));
    const members: Ask[] = (options.members ?? []).map((cookie) => ({ path: MEMBER_LANDING, cookie }));
    // Filled one page at a time: the first rendering of each is the work being moved out of the way.
    for (const ask of pages) {
      if (late()) break;
      for (const encoding of ENCODINGS) await get(ask, encoding);
    }
    // Members with a browser's encoding only (the page is rendered once whatever the encoding), and for
    // `memberMs` at most: the start waits for each member's reports, which a long history makes slow.
    const membersStarted = performance.now();
    let membersAsked = 0;
    for (const ask of members) {
      if (late() || performance.now() - membersStarted > memberMs) break;
      await get(ask, ENCODINGS[0]!);
      membersAsked++;
    }
    // The compiler's rounds include a member's page, answered from memory as every later one is.
    const hot = [...pages.slice(0, 15), ...(membersAsked > 0 ? members.slice(0, 1) : [])];
    for (let i = 0; hot.length > 0 && i < rounds && !late(); i += 4) {
      await Promise.all(
        [0, 1, 2, 3].map((k) => get(hot[(i + k) % hot.length]!, ENCODINGS[(i + k) % ENCODINGS.length]!)),
      );
    }
    return { paths: pages.length + membersAsked, requests, ms: Math.round(performance.now() - started) };
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
