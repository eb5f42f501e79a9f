// wrk (Debian's package, installed when missing) as the load generator of the static-file ratios.
// A generator written in JavaScript spends more of a 2-core machine on each response than the
// server does once the body is a page: autocannon took ~0.4 ms of CPU per 15 KB page against the
// server's ~0.25 ms (0.1 ms for robots.txt), so the page/static ratio measured the generator. wrk
// parses a response in C at a fraction of that, leaving the cores to the server it measures.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ensureDebianTools } from '../api/cli/debianTools.ts';

export interface WrkResult {
  rps: number;
  requests: number;
  /** Milliseconds. */
  p99: number;
  /** Answers other than 2xx/3xx, and socket errors. */
  errors: number;
}

const WRK = '/usr/bin/wrk';

/** `connections` keep-alive connections on one thread for `seconds` against `url`. */
export async function wrk(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<WrkResult> {
  ensureDebianTools([[WRK, 'wrk']]);
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  const { stdout } = await promisify(execFile)(WRK, [...args, url]);
  return parseWrk(stdout);
}

const UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** The figures of wrk's report (with --latency). */
export function parseWrk(report: string): WrkResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(report);
  const requests = /(\d+) requests in/.exec(report);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(report);
  if (!rps || !requests || !p99) throw new Error(`wrk printed no figures:\n${report}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(report)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    rps: Number(rps[1]),
    requests: Number(requests[1]),
    p99: Number(p99[1]) * UNITS[p99[2]],
    errors: non2xx + socketErrors,
  };
}
