/**
 * A real nginx (Debian's `nginx-light`) for the deployment stories: TLS termination with a self-signed
 * certificate made here by openssl, in front of app servers on loopback, configured as decision 0028
 * describes — `proxy_next_upstream` for requests no server has received yet, the public host and
 * protocol passed on, and a server taken out of rotation (`down`, then a graceful reload) before it is
 * restarted. Everything lives in a temporary folder; nginx runs in the foreground as a child.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const NGINX = '/usr/sbin/nginx';

export interface Nginx {
  child: ChildProcess;
  /** The certificate, for clients that check it. */
  cert: string;
  /**
   * Takes the server on `port` out of rotation (`down`) or puts it back, as an operator does before and
   * after restarting it: rewrites the configuration, reloads nginx gracefully (SIGHUP) and resolves once
   * every worker of the old configuration has finished its requests and exited, so that no request can
   * reach a server marked down any more.
   */
  setDown(port: number, down: boolean): Promise<void>;
  /** nginx's error log so far, for a failing story's message. */
  errorLog(): string;
  stop(): Promise<void>;
}

/** A self-signed certificate for localhost and 127.0.0.1, valid for a day. */
function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const r = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'] //
      .concat(['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert]),
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`openssl failed: ${r.stderr}`);
  return { cert, key };
}

function config(
  dir: string,
  tlsPort: number,
  upstreams: number[],
  cert: string,
  key: string,
  down: ReadonlySet<number> = new Set(),
): string {
  return `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream telaah {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s${down.has(p) ? ' down' : ''};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${tlsPort} ssl;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    client_max_body_size 6m;
    location / {
      proxy_pass http://telaah;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # The response headers pass nginx's default 4 KiB buffer: the CSP carries a hash per inline script.
      proxy_buffer_size 16k;
      proxy_buffers 8 16k;
      # A server that is down or stopping refuses new connections: nginx tries the other. A request a server
      # has received is never sent twice unless it is idempotent (nginx's default for non_idempotent), so
      # a restart takes the server out of rotation first (setDown): a POST that reached a stopping
      # server's accept queue in the instant it closed would otherwise be reset, and answered 502.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

/** The process ids of nginx's workers: the master's children (Linux's /proc). */
function workers(master: number): number[] {
  try {
    return readFileSync(`/proc/${master}/task/${master}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Starts nginx on `tlsPort` in front of the app servers on `upstreams`. */
export async function startNginx(tlsPort: number, upstreams: number[]): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: install nginx-light (.ci/run does)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'telaah-nginx-'));
  chmodSync(dir, 0o755);
  const { cert, key } = makeCertificate(dir);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, config(dir, tlsPort, upstreams, cert, key));
  let log = '';
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-e', `${dir}/error.log`, '-g', 'daemon off;']);
  child.stderr?.on('data', (d) => (log += String(d)));
  for (let i = 0; i < 100 && !(await listening(tlsPort)); i++) {
    if (child.exitCode !== null) throw new Error(`nginx stopped: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const down = new Set<number>();
  return {
    child,
    cert,
    setDown: async (port, isDown) => {
      if (isDown) down.add(port);
      else down.delete(port);
      writeFileSync(conf, config(dir, tlsPort, upstreams, cert, key, down));
      const old = workers(child.pid!);
      child.kill('SIGHUP');
      const deadline = Date.now() + 30_000;
      for (;;) {
        const now = workers(child.pid!);
        if (now.length > 0 && !now.some((pid) => old.includes(pid))) return;
        if (child.exitCode !== null) throw new Error(`nginx stopped on reload: ${log}`);
        if (Date.now() > deadline) throw new Error(`nginx's old workers did not exit within 30 s: ${now}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    errorLog: () => (existsSync(`${dir}/error.log`) ? readFileSync(`${dir}/error.log`, 'utf8') : ''),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
