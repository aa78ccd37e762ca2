/**
 * Sentry DSNs, read the same way by the browser (to build the tunnel address) and by the server (to
 * check an envelope's DSN and to find where to relay it). Isomorphic: no Node or browser APIs.
 *
 * A DSN looks like `{protocol}://{publicKey}@{host}[:{port}][/{path}]/{projectId}`. On sentry.io the
 * host names the organisation and, for some regions, the region: `o123.ingest.us.sentry.io`. A
 * self-hosted Sentry's host carries neither.
 */

export interface Dsn {
  protocol: 'http' | 'https';
  publicKey: string;
  /** Host name without the port, lower case. */
  host: string;
  /** Port as written in the DSN, or '' for the protocol's default. */
  port: string;
  /** Path before the project id, without leading or trailing slashes ('' for none). */
  path: string;
  projectId: string;
  /** Organisation id from a sentry.io host (`o123.ingest…`), else undefined. */
  orgId?: string;
  /** Region from a sentry.io host (`o123.ingest.us.sentry.io` → `us`), else undefined. */
  region?: string;
}

const ORG_HOST = /^o(\d+)\.ingest(?:\.([a-z0-9-]+))?\.sentry\.io$/;

/** Parses a DSN; undefined for anything that is not a well-formed http(s) DSN with a key and a numeric project. */
export function parseDsn(text: string): Dsn | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const protocol = url.protocol.slice(0, -1);
  if (protocol !== 'http' && protocol !== 'https') return undefined;
  if (!url.username || url.search || url.hash) return undefined;
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!projectId || !/^\d+$/.test(projectId)) return undefined;
  const host = url.hostname.toLowerCase();
  const org = ORG_HOST.exec(host);
  return {
    protocol,
    publicKey: decodeURIComponent(url.username),
    host,
    port: url.port,
    path: segments.join('/'),
    projectId,
    ...(org ? { orgId: org[1], ...(org[2] ? { region: org[2] } : {}) } : {}),
  };
}

/** The DSN in the canonical form the Sentry SDKs write into envelope headers (no secret key). */
export function dsnToString(dsn: Dsn): string {
  const port = dsn.port ? `:${dsn.port}` : '';
  const path = dsn.path ? `${dsn.path}/` : '';
  return `${dsn.protocol}://${dsn.publicKey}@${dsn.host}${port}/${path}${dsn.projectId}`;
}

/** Where Sentry accepts envelopes for this DSN: `{protocol}://{host}[/path]/api/{project}/envelope/`. */
export function envelopeEndpoint(dsn: Dsn): string {
  const port = dsn.port ? `:${dsn.port}` : '';
  const path = dsn.path ? `/${dsn.path}` : '';
  return `${dsn.protocol}://${dsn.host}${port}${path}/api/${dsn.projectId}/envelope/`;
}

/** The same-origin tunnel address the browser SDK posts to: `/monitoring?o={org}&p={project}[&r={region}]`. */
export function tunnelPath(dsn: Dsn): string {
  const params = new URLSearchParams();
  if (dsn.orgId) params.set('o', dsn.orgId);
  params.set('p', dsn.projectId);
  if (dsn.region) params.set('r', dsn.region);
  return `/monitoring?${params.toString()}`;
}

/**
 * Whether a tunnel request's `o`, `p` and `r` parameters name exactly this DSN's organisation, project
 * and region (absent where the DSN has none).
 */
export function tunnelParamsMatch(dsn: Dsn, params: URLSearchParams): boolean {
  for (const key of ['o', 'p', 'r']) if (params.getAll(key).length > 1) return false;
  return (
    (params.get('o') ?? undefined) === dsn.orgId &&
    params.get('p') === dsn.projectId &&
    (params.get('r') ?? undefined) === dsn.region
  );
}
