// Summarises a V8 CPU profile (`node --cpu-prof`): self time by package (or project folder) and by
// function, so a profile of the server under load reads as a short table.
// Usage: node bench/profile.ts CPU.….cpuprofile [rows]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives: an npm package, a Node internal, a folder of the project, or V8 itself. */
export function owner(url: string): string {
  if (!url) return '(v8 / native)';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const project = /\/(api|plugins|site|media-worker|dist)\/([^/]+)/.exec(url);
  return project ? `${project[1]}/${project[2]}` : url;
}

export function summarise(profile: Profile, rows = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  let total = 0;
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    total += us;
    const who =
      functionName === '(idle)' || functionName === '(program)' || functionName === '(garbage collector)'
        ? functionName
        : owner(url);
    byOwner.set(who, (byOwner.get(who) ?? 0) + us);
    const name =
      `${functionName || '(anonymous)'}  ${who}` + `${url && !url.startsWith('node:') ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  const busy = total - (byOwner.get('(idle)') ?? 0);
  const table = (title: string, map: Map<string, number>) =>
    [
      `${title} (share of busy time ${(busy / 1e6).toFixed(1)} s)`,
      ...[...map]
        .filter(([k]) => !k.startsWith('(idle)'))
        .sort((a, b) => b[1] - a[1])
        .slice(0, rows)
        .map(([k, us]) => `${((us / busy) * 100).toFixed(1).padStart(6)} %  ${k}`),
    ].join('\n');
  return `${table('self time by package', byOwner)}\n\n${table('self time by function', byFunction)}\n`;
}

if (import.meta.main) {
  const [file, rows] = process.argv.slice(2);
  if (!file) throw new Error('usage: node bench/profile.ts FILE.cpuprofile [rows]');
  process.stdout.write(summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(rows || 25)));
}
