import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, tryAgainIn } from './errors.ts';
import { byteLimit } from './http/body.ts';
import type { Limits } from './limits.ts';

// kernel.uploadAllowance: the one daily allowance (UPLOAD_MB_PER_DAY) of storage an account may
// fill, whatever it uploads (a release's cover and audio, an exclusive's track or video, a profile
// photo), counted by every node together (kernel.limits) in KB, as the limit store's database table
// holds 32-bit counts. Every upload route charges it on the server before any work on the file.

const MB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Gives a charge back (the file was refused after all). */
export type Refund = () => Promise<void>;

export interface UploadAllowance {
  /** Takes `bytes` from the uploader's allowance (413 saying what is left, with Retry-After, when they do not fit). */
  charge(userId: number, bytes: number): Promise<Refund>;
  /**
   * Streams a request body into `file`, refused past `limit` (`tooLarge`), charging it: a declared
   * length before a byte is read (Node holds the body to it), a chunked body once received. On any
   * failure the file is removed and nothing stays charged; on success the caller owns the refund.
   */
  receive(
    userId: number,
    body: Readable,
    file: string,
    size: { limit: number; tooLarge: () => Error; declared?: number },
  ): Promise<Refund>;
}

/** The refusal (413): the file's size and what is left today; the caller adds when it renews. */
export function quotaMessage(fileBytes: number, leftBytes: number): string {
  const size = (bytes: number) => (bytes < MB ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / MB).toFixed(1)} MB`);
  return `This file (${size(fileBytes)}) is more than your upload allowance has left today (${size(leftBytes)}).`;
}

/** Runs the work on a charged file, giving the charge back if it fails. */
export async function refundOnFailure<T>(refund: Refund, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await refund();
    throw error;
  }
}

export function createUploadAllowance(bytesPerDay: number, limits: Limits): UploadAllowance {
  const uploadedKb = bytesPerDay
    ? limits.create('upload-kb', { points: Math.floor(bytesPerDay / 1024), windowMs: DAY_MS })
    : null;

  async function charge(userId: number, bytes: number): Promise<Refund> {
    if (!uploadedKb) return async () => {};
    const kb = Math.ceil(bytes / 1024);
    const { wait, left } = await uploadedKb.spend(String(userId), kb);
    if (wait) throw new AppError('too_large', () => `${quotaMessage(bytes, left * 1024)} ${tryAgainIn(wait)}`, wait);
    return () => uploadedKb.giveBack(String(userId), kb);
  }

  return {
    charge,
    async receive(userId, body, file, { limit, tooLarge, declared }) {
      if (declared !== undefined && declared > limit) throw tooLarge();
      const early = declared === undefined ? null : await charge(userId, declared);
      try {
        await pipeline(body, byteLimit(limit, tooLarge), createWriteStream(file));
        return early ?? (await charge(userId, (await stat(file)).size));
      } catch (error) {
        await rm(file, { force: true });
        await early?.();
        throw error;
      }
    },
  };
}
