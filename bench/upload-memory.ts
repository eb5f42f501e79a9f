// Peak memory of the web process while it takes a 100 MB WAV, by the two upload paths: the spec's
// data URL in JSON (POST /api/upload) and the wizard's streamed body (POST /api/upload/stream), to
// the local folder and, streamed, to an S3 bucket (a local S3 server in this process; the upload
// goes up in parts, so the goal is at most 64 MB above idle). Each row gets a fresh server
// process, which first takes a 1-second WAV by the streamed path (so code loaded on first use, such
// as the S3 client's, is not counted); the figure is its peak RSS during the big upload (VmHWM,
// reset through /proc/PID/clear_refs) above its RSS just before.
// Run alone with `node bench/upload-memory.ts`; `npm run bench` runs it at its end.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FFMPEG } from '../media-worker/media/run.ts';
import { startLocalS3 } from '../api/test/s3.ts';

const root = path.resolve(import.meta.dirname, '..');
const MB = 1024 * 1024;
/** Just under the 100 MB limit: 594 s of 16-bit 44.1 kHz stereo. */
const SECONDS = 594;

function makeWav(dir: string, seconds = SECONDS): Buffer {
  const file = path.join(dir, `bench-${seconds}.wav`);
  execFileSync(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=220:sample_rate=44100:duration=${seconds}`,
    '-ac',
    '2',
    '-c:a',
    'pcm_s16le',
    file,
  ]);
  return readFileSync(file);
}

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Starts a new peak (VmHWM) for the process; the kernel allows it to the process's owner. */
function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed here: the peak then counts from the process's start.
  }
}

type Upload = (base: string, cookie: string) => Promise<Response>;

async function measure(
  label: string,
  upload: Upload,
  warmUp: Upload,
  extraEnv: Record<string, string> = {},
): Promise<{ label: string; idle: number; peak: number; ms: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-upload-bench-'));
  const port = 3990 + Math.floor(Math.random() * 9);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'api/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      MEDIA_WORKER: '0',
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      SESSION_SECRET: 'bench-secret-bench-secret-bench',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; i < 200; i++) {
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: 'bencher',
        password: 'secret123',
        email: 'bench@example.com',
        name: 'Bench',
        isArtist: true,
      }),
    });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const warm = await warmUp(base, cookie);
    if (warm.status !== 201) throw new Error(`${label}: warm-up upload answered ${warm.status} ${await warm.text()}`);
    await new Promise((r) => setTimeout(r, 500));
    const idle = memoryOf(server.pid!).rss;
    resetPeak(server.pid!);
    const started = performance.now();
    const answer = await upload(base, cookie);
    if (answer.status !== 201) throw new Error(`${label}: upload answered ${answer.status} ${await answer.text()}`);
    return { label, idle, peak: memoryOf(server.pid!).peak, ms: performance.now() - started };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-wav-'));
const s3 = await startLocalS3();
try {
  const wav = makeWav(dir);
  const small = makeWav(dir, 1);
  const streamedFile =
    (bytes: Buffer): Upload =>
    (base, cookie) =>
      fetch(`${base}/api/upload/stream?type=audio&filename=bench.wav`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream', cookie },
        body: new Uint8Array(bytes),
      });
  const streamed = streamedFile(wav);
  const warmUp = streamedFile(small);
  const rows = [
    await measure(
      'data URL in JSON (/api/upload)',
      (base, cookie) =>
        fetch(`${base}/api/upload`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', cookie },
          body: JSON.stringify({
            data: `data:audio/wav;base64,${wav.toString('base64')}`,
            filename: 'bench.wav',
            type: 'audio',
          }),
        }),
      warmUp,
    ),
    await measure('streamed body (/api/upload/stream)', streamed, warmUp),
    await measure('streamed body to the S3 bucket', streamed, warmUp, s3.env),
  ];
  process.stdout.write(
    `\nUpload memory: one ${(wav.length / MB).toFixed(1)} MB WAV per path, peak RSS of the web process above idle\n\n`,
  );
  process.stdout.write(
    `${'path'.padEnd(40)} ${'idle MB'.padStart(8)} ${'peak MB'.padStart(8)} ` +
      `${'above MB'.padStart(9)} ${'time s'.padStart(7)}\n`,
  );
  for (const r of rows) {
    process.stdout.write(
      `${r.label.padEnd(40)} ${(r.idle / MB).toFixed(0).padStart(8)} ` +
        `${(r.peak / MB).toFixed(0).padStart(8)} ` +
        `${((r.peak - r.idle) / MB).toFixed(0).padStart(9)} ` +
        `${(r.ms / 1000).toFixed(1).padStart(7)}\n`,
    );
  }
  const inBucket = s3.requests.filter((request) => /partNumber=/.test(request)).length;
  process.stdout.write(`\nThe S3 upload went up in ${inBucket} parts; goal for it: at most 64 MB above idle.\n`);
} finally {
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
}
