// CPU time per process on this machine (Linux's /proc), grouped by role, so a bench phase says which
// of the servers its load went to: the app nodes, MariaDB, Redis, the load generator itself. On a
// machine shared by all of them a phase's throughput alone cannot tell a costlier request from a
// busier database.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux build in use). */
const TICKS_PER_S = 100;

export type Role = 'app nodes' | 'MariaDB' | 'Redis' | 'load generator' | 'other';

function role(pid: number, comm: string): Role {
  if (pid === process.pid) return 'load generator';
  if (comm === 'mariadbd' || comm === 'mysqld') return 'MariaDB';
  if (comm.startsWith('redis-server')) return 'Redis';
  // Node names its main thread: a node's command name is `MainThread`, not `node`.
  if (comm === 'MainThread' || comm.startsWith('node')) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('api/server.ts')) return 'app nodes';
    } catch {
      // Gone meanwhile.
    }
  }
  return 'other';
}

/** CPU seconds used so far by every process alive, per role (null where /proc is not there). */
export function cpuByRole(): Map<Role, number> | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const used = new Map<Role, number>();
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // The command name is in parentheses and may hold spaces: the fields after it are counted from its end.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
    const who = role(Number(pid), comm);
    used.set(who, (used.get(who) ?? 0) + seconds);
  }
  return used;
}

/** CPU seconds each role used between two readings (roles whose processes ended meanwhile left out). */
export function usedBetween(before: Map<Role, number>, after: Map<Role, number>): Map<Role, number> {
  const used = new Map<Role, number>();
  for (const [who, total] of after) if (total > (before.get(who) ?? 0)) used.set(who, total - (before.get(who) ?? 0));
  return used;
}
