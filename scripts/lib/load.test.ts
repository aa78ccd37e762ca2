import { describe, expect, it } from 'vitest';
import { parseWrk } from './load';

const REPORT = `Running 2s test @ http://127.0.0.1:4605/
  1 threads and 16 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.22ms    4.66ms  75.88ms   95.35%
    Req/Sec    11.48k     5.59k   19.07k    55.00%
  Latency Distribution
     50%  812.00us
     75%    1.95ms
     90%    4.24ms
     99%    1.02s
  22984 requests in 2.04s, 2.72MB read
  Socket errors: connect 0, read 3, write 0, timeout 2
  Non-2xx or 3xx responses: 7
Requests/sec:  11294.23
Transfer/sec:      1.34MB
`;

describe('parseWrk', () => {
  it('reads the rate, the percentiles in ms and every kind of error', () => {
    expect(parseWrk(REPORT)).toEqual({ reqs: 11294.23, p50: 0.81, p99: 1020, errors: 12 });
  });

  it('counts no errors when wrk reports none', () => {
    const clean = REPORT.replace(/^\s*(Socket errors|Non-2xx).*\n/gm, '');
    expect(parseWrk(clean).errors).toBe(0);
  });
});
