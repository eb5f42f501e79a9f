import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';

// The archive is a plain POSIX tar (ustar): `tar -tf` lists it and `tar -xf` unpacks it without
// OneTrack. Only regular files are written; sizes past ustar's 8 GB take the base-256 form GNU tar
// and bsdtar read. Reading needs a file (random access), so an archive in a bucket is fetched first.

const BLOCK = 512;
const USTAR_MAX = 0o77777777777;

export interface WrittenEntry {
  name: string;
  size: number;
  sha256: string;
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  // ustar keeps a long path as a prefix (up to 155 bytes) and a name (up to 100), cut at a slash.
  for (let cut = name.indexOf('/'); cut >= 0; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`A name too long for the archive: ${name}`);
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  block.write(base, 0, 100);
  block.write(octal(0o600, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  if (size <= USTAR_MAX) block.write(octal(size, 12), 124);
  else {
    block[124] = 0x80;
    block.writeBigUInt64BE(BigInt(size), 128);
  }
  block.write(octal(Math.floor(mtime / 1000), 12), 136);
  block.write('        ', 148);
  block.write('0', 156);
  block.write('ustar\0', 257);
  block.write('00', 263);
  block.write(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148);
  return block;
}

/** Writes a tar file entry by entry; each entry's bytes are hashed as they go. */
export class TarWriter {
  private readonly file: FileHandle;

  private constructor(file: FileHandle) {
    this.file = file;
  }

  static async create(path: string): Promise<TarWriter> {
    return new TarWriter(await open(path, 'wx', 0o600));
  }

  async add(name: string, size: number, body: Readable | Buffer, mtime = Date.now()): Promise<WrittenEntry> {
    await this.file.write(header(name, size, mtime));
    const hash = createHash('sha256');
    let written = 0;
    for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
      const bytes = chunk as Buffer;
      written += bytes.length;
      // A file that grew while it was copied would overwrite the next header.
      if (written > size) throw new Error(`${name} grew while it was archived`);
      hash.update(bytes);
      await this.file.write(bytes);
    }
    if (written !== size) throw new Error(`${name} has ${written} bytes, ${size} were announced`);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding) await this.file.write(Buffer.alloc(padding));
    return { name, size, sha256: hash.digest('hex') };
  }

  async close(): Promise<void> {
    await this.file.write(Buffer.alloc(BLOCK * 2));
    await this.file.sync();
    await this.file.close();
  }

  async abandon(): Promise<void> {
    await this.file.close().catch(() => {});
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where the entry's bytes start in the file. */
  offset: number;
}

function readOctal(block: Buffer, start: number, width: number): number {
  if (block[start] & 0x80) return Number(block.readBigUInt64BE(start + width - 8));
  const text = block.toString('latin1', start, start + width).replace(/[\0 ]+$/, '');
  const value = text === '' ? 0 : parseInt(text, 8);
  if (!/^[0-7]*$/.test(text.trim()) || Number.isNaN(value)) throw new Error('Not a tar archive (a damaged header)');
  return value;
}

function readString(block: Buffer, start: number, width: number): string {
  const end = block.indexOf(0, start);
  return block.toString('utf8', start, end < 0 || end > start + width ? start + width : end);
}

/** The regular files of a tar archive, with where their bytes are. */
export async function readTar(path: string): Promise<TarEntry[]> {
  const file = await open(path, 'r');
  try {
    const { size: total } = await file.stat();
    const entries: TarEntry[] = [];
    const block = Buffer.alloc(BLOCK);
    for (let position = 0; position + BLOCK <= total;) {
      const { bytesRead } = await file.read(block, 0, BLOCK, position);
      if (bytesRead < BLOCK) break;
      if (block.every((byte) => byte === 0)) break;
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
      if (sum !== readOctal(block, 148, 8)) throw new Error('Not a tar archive (a header checksum is wrong)');
      const size = readOctal(block, 124, 12);
      const prefix = readString(block, 345, 155);
      const base = readString(block, 0, 100);
      const type = String.fromCharCode(block[156] || 48);
      if (type === '0') entries.push({ name: prefix ? `${prefix}/${base}` : base, size, offset: position + BLOCK });
      position += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
      if (position > total) throw new Error('The archive is cut short');
    }
    return entries;
  } finally {
    await file.close();
  }
}
