import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readTar, type TarEntry, type WrittenEntry } from './tar.ts';

/** Names an archive's layout; a restore refuses a format it does not know. */
export const FORMAT = 'onetrack-backup/1';
/** The manifest is the archive's last entry: written once every other entry's checksum is known. */
export const MANIFEST = 'manifest.json';

export type BackupReason = 'manual' | 'scheduled' | 'pre-migration';

export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  reason: BackupReason;
  /** package.json's version of the code that wrote it. */
  version: string;
  database: { dialect: 'sqlite' | 'mysql'; tables: Record<string, number> };
  /** The schema version: every migration applied, in order. */
  migrations: string[];
  /** The enabled plugins, in load order. */
  plugins: string[];
  /** Whether SESSION_SECRET came from the environment (it must be set again) or DATA_DIR/session-secret. */
  sessionSecretFrom: 'environment' | 'file';
  media: { driver: 'local' | 's3'; files: number; bytes: number };
  /** Every other entry, with its size and SHA-256. */
  files: WrittenEntry[];
}

export async function sha256Of(path: string, entry: TarEntry): Promise<string> {
  const hash = createHash('sha256');
  if (entry.size === 0) return hash.digest('hex');
  for await (const chunk of createReadStream(path, { start: entry.offset, end: entry.offset + entry.size - 1 }))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function readEntry(path: string, entry: TarEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  if (entry.size === 0) return Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { start: entry.offset, end: entry.offset + entry.size - 1 }))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface VerifiedArchive {
  manifest: Manifest;
  /** The entries by name. */
  entries: Map<string, TarEntry>;
  bytes: number;
}

/**
 * Reads the manifest and checks every entry against it (present, same size, same SHA-256, nothing
 * else in the archive): a restore writes nothing before this passed.
 */
export async function verifyArchive(path: string): Promise<VerifiedArchive> {
  const list = await readTar(path);
  const last = list.at(-1);
  if (last?.name !== MANIFEST) throw new Error('Not a OneTrack backup: its last entry is not manifest.json');
  let manifest: Manifest;
  try {
    manifest = JSON.parse((await readEntry(path, last)).toString('utf8'));
  } catch {
    throw new Error('The manifest of this archive is not readable JSON');
  }
  if (manifest.format !== FORMAT)
    throw new Error(`This archive's format is ${String(manifest.format)}; this version reads ${FORMAT}`);
  const entries = new Map(list.slice(0, -1).map((entry) => [entry.name, entry]));
  if (entries.size !== list.length - 1) throw new Error('The archive holds an entry twice');
  const listed = new Set(manifest.files.map((file) => file.name));
  const extra = [...entries.keys()].filter((name) => !listed.has(name));
  if (extra.length)
    throw new Error(`The archive holds entries its manifest does not list: ${extra.slice(0, 5).join(', ')}`);
  let bytes = 0;
  for (const file of manifest.files) {
    const entry = entries.get(file.name);
    if (!entry) throw new Error(`The archive lacks ${file.name}`);
    if (entry.size !== file.size)
      throw new Error(`${file.name} has ${entry.size} bytes, the manifest says ${file.size}`);
    if ((await sha256Of(path, entry)) !== file.sha256) throw new Error(`${file.name} does not match its checksum`);
    bytes += entry.size;
  }
  return { manifest, entries, bytes };
}
