import { randomBytes } from 'node:crypto';
import { mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError, invalid } from '../../api/errors.ts';
import { mediaKey } from '../../api/http/media.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { probeAudio, sniffAudio } from '../../media-worker/media/audio.ts';
import { inspectImage, sniffImage } from '../../media-worker/media/image.ts';
import { Upload, type PublicUpload } from './models.ts';
import { refundOnFailure } from '../../api/uploadAllowance.ts';
import { AUDIO_RULES, IMAGE_RULES, type UploadKind } from './rules.ts';

// Files arrive as a data URL in JSON (spec §7) or as a raw streamed body (the wizard's path, which
// never holds the file in memory). Either way they land in a temporary file, are checked by their
// content (magic bytes, a full decode, ffprobe), get a server-made name and move to storage.

const LIMITS: Record<UploadKind, number> = { image: IMAGE_RULES.maxBytes, audio: AUDIO_RULES.maxBytes };
const SIZE_MESSAGES: Record<UploadKind, string> = {
  image: IMAGE_RULES.messages.size,
  audio: AUDIO_RULES.messages.size,
};
const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', wav: 'audio/wav', flac: 'audio/flac' } as const;
const EXTENSIONS = { jpeg: 'jpg', png: 'png', wav: 'wav', flac: 'flac' } as const;

const tooLarge = (kind: UploadKind) => new AppError('too_large', SIZE_MESSAGES[kind]);

/** Keeps a client's file name for display only: no folders, no control characters, bounded. */
export function displayName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  return [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .slice(0, 255);
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

interface Checked {
  format: keyof typeof CONTENT_TYPES;
  facts: Partial<Pick<Upload, 'width' | 'height' | 'duration' | 'sampleRate' | 'bitDepth' | 'channels'>>;
}

async function checkImage(file: string): Promise<Checked> {
  const { messages } = IMAGE_RULES;
  if (!sniffImage(await readHead(file))) throw invalid(messages.type);
  const info = await inspectImage(file).catch(() => {
    throw invalid(messages.corrupt);
  });
  if (Math.min(info.width, info.height) < IMAGE_RULES.minSide) throw invalid(messages.small);
  if (Math.max(info.width, info.height) > Math.min(info.width, info.height) * (1 + IMAGE_RULES.squareTolerance))
    throw invalid(messages.square);
  return { format: info.format, facts: { width: info.width, height: info.height } };
}

async function checkAudio(file: string): Promise<Checked> {
  const { messages } = AUDIO_RULES;
  const format = sniffAudio(await readHead(file));
  if (!format) throw invalid(messages.type);
  const info = await probeAudio(file).catch(() => {
    throw invalid(messages.corrupt);
  });
  const expected = format === 'wav' ? /^pcm_/ : /^flac$/;
  if (!expected.test(info.codec)) throw invalid(messages.type);
  return {
    format,
    facts: {
      duration: Math.round(info.duration * 1000) / 1000,
      sampleRate: info.sampleRate,
      bitDepth: info.bitDepth,
      channels: info.channels,
    },
  };
}

export function createUploads(kernel: Kernel) {
  const { storage } = kernel;
  // The account's one allowance (UPLOAD_MB_PER_DAY), shared with exclusives' files and photos.
  const { charge, receive } = kernel.uploadAllowance;

  async function tempFile(): Promise<string> {
    await mkdir(storage.tempDir, { recursive: true });
    return path.join(storage.tempDir, `upload-${randomBytes(12).toString('hex')}`);
  }

  /** Checks a complete temporary file, stores it under a new name and records its owner. */
  async function accept(
    userId: number,
    kind: UploadKind,
    file: string,
    filename: string | undefined,
  ): Promise<PublicUpload> {
    try {
      const { size } = await stat(file);
      if (size > LIMITS[kind]) throw tooLarge(kind);
      if (size === 0) throw invalid(kind === 'image' ? IMAGE_RULES.messages.type : AUDIO_RULES.messages.type);
      const { format, facts } = kind === 'image' ? await checkImage(file) : await checkAudio(file);
      const key = `u/${randomBytes(16).toString('hex')}.${EXTENSIONS[format]}`;
      await storage.putFile(key, file, CONTENT_TYPES[format]);
      const upload = await Upload.query().insertAndFetch({
        userId,
        kind,
        storageKey: key,
        url: `/media/${key}`,
        contentType: CONTENT_TYPES[format],
        size,
        originalName: displayName(filename),
        ...facts,
        createdAt: kernel.now().getTime(),
      });
      // An upload is on no page until a release uses it (a write of its own).
      await kernel.cache.changed([]);
      return upload.toPublic();
    } finally {
      await rm(file, { force: true });
    }
  }

  return {
    /** POST /api/upload: `data:<any type>;base64,<bytes>`; the declared type is ignored, the bytes decide. */
    async fromDataUrl(
      userId: number,
      input: { data: string; filename?: string; type: UploadKind },
    ): Promise<PublicUpload> {
      const comma = input.data.indexOf(',');
      if (!input.data.startsWith('data:') || comma < 0 || !input.data.slice(0, comma).endsWith(';base64')) {
        throw invalid('data must be a base64 data URL (data:<type>;base64,…)');
      }
      const encoded = input.data.length - comma - 1;
      if (Math.floor((encoded * 3) / 4) - 2 > LIMITS[input.type]) throw tooLarge(input.type);
      const bytes = Buffer.from(input.data.slice(comma + 1), 'base64');
      return refundOnFailure(await charge(userId, bytes.length), async () => {
        const file = await tempFile();
        await writeFile(file, bytes);
        return accept(userId, input.type, file, input.filename);
      });
    },

    /** The streaming path: the body goes to disk chunk by chunk and is refused past the limit. */
    async fromStream(
      userId: number,
      kind: UploadKind,
      filename: string | undefined,
      body: Readable,
      declaredLength?: number,
    ): Promise<PublicUpload> {
      const file = await tempFile();
      const refund = await receive(userId, body, file, {
        limit: LIMITS[kind],
        tooLarge: () => tooLarge(kind),
        declared: declaredLength,
      });
      return refundOnFailure(refund, () => accept(userId, kind, file, filename));
    },

    /** The upload behind a /media/ URL if this user uploaded it (and it is of this kind). */
    async owned(userId: number, url: string, kind?: UploadKind): Promise<Upload | null> {
      const key = mediaKey(url);
      if (!key) return null;
      const upload = await Upload.query().findOne({ storageKey: key });
      if (!upload || upload.userId !== userId || (kind && upload.kind !== kind)) return null;
      return upload;
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
