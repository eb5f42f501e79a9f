import { ApiError } from '../../../../site/lib/api.ts';
import type { PublicUpload } from '../../models.ts';
import { AUDIO_RULES, IMAGE_RULES, type UploadKind } from '../../rules.ts';
import { ruleText } from './ruleTexts.ts';

// Browser side of uploads: the spec's quick checks before sending, then the streaming endpoint with
// real progress (XMLHttpRequest reports upload progress; fetch does not).

/** A rule's texts in the page's language. */
function translated<T extends Record<string, string>>(texts: T): Record<keyof T, string> {
  return Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, ruleText(v)])) as Record<keyof T, string>;
}

/** Spec §5 cover checks a browser can make; the server repeats them and more. */
export async function checkCoverFile(file: File): Promise<string | null> {
  const messages = translated(IMAGE_RULES.messages);
  if (!file.type.startsWith('image/')) return messages.type;
  if (file.size >= IMAGE_RULES.maxBytes) return messages.size;
  try {
    const bitmap = await createImageBitmap(file);
    const small = Math.min(bitmap.width, bitmap.height) < IMAGE_RULES.minSide;
    bitmap.close();
    return small ? messages.small : null;
  } catch {
    return messages.corrupt;
  }
}

/** Spec §5 audio checks; resolves the duration read by the browser. */
export function checkAudioFile(file: File): Promise<{ error: string } | { duration: number }> {
  const messages = translated(AUDIO_RULES.messages);
  const isAudio = file.type.startsWith('audio/') || /\.(wav|flac)$/i.test(file.name);
  if (!isAudio) return Promise.resolve({ error: messages.type });
  if (file.size >= AUDIO_RULES.maxBytes) return Promise.resolve({ error: messages.size });
  return new Promise((resolve) => {
    const audio = new Audio();
    const url = URL.createObjectURL(file);
    const done = (result: { error: string } | { duration: number }) => {
      URL.revokeObjectURL(url);
      resolve(result);
    };
    audio.preload = 'metadata';
    audio.onloadedmetadata = () =>
      done(Number.isFinite(audio.duration) ? { duration: audio.duration } : { error: messages.corrupt });
    audio.onerror = () => done({ error: messages.corrupt });
    audio.src = url;
  });
}

/** Streams the file as the request body; onProgress gets 0–1. Non-OK answers throw ApiError. */
export function streamUpload(
  file: Blob,
  name: string,
  kind: UploadKind,
  onProgress: (fraction: number) => void,
): Promise<PublicUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/upload/stream?type=${kind}&filename=${encodeURIComponent(name)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as PublicUpload);
      else reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', ''));
    xhr.send(file);
  });
}
