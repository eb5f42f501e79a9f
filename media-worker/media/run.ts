import { spawn } from 'node:child_process';

export const FFMPEG = process.env.FFMPEG_PATH || '/usr/bin/ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH || '/usr/bin/ffprobe';

/** Runs a tool as a child process (never on the event loop); rejects with its stderr on failure. */
export function runTool(command: string, args: string[], options: { timeoutMs?: number; onStdout?: (chunk: Buffer) => void } = {}): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 10 * 60_000);
    child.stdout.on('data', (chunk: Buffer) => (options.onStdout ? options.onStdout(chunk) : out.push(chunk)));
    // Keep the tail only: ffmpeg can be chatty on long files.
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-20_000)));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout: Buffer.concat(out).toString(), stderr: err });
      else reject(new Error(`${command.split('/').pop()} failed (${signal ?? code}): ${err.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}
