import { BaseModel } from '../../api/db/BaseModel.ts';
import type { UploadKind } from './rules.ts';

export class Upload extends BaseModel {
  static tableName = 'uploads';

  id!: number;
  userId!: number;
  kind!: UploadKind;
  storageKey!: string;
  url!: string;
  contentType!: string;
  size!: number;
  originalName!: string;
  width!: number | null;
  height!: number | null;
  duration!: number | null;
  sampleRate!: number | null;
  bitDepth!: number | null;
  channels!: number | null;
  createdAt!: number;

  /** What the uploader gets back: the URL that serves the file and what the server read from it. */
  toPublic() {
    const base = {
      id: this.id,
      url: this.url,
      type: this.kind,
      contentType: this.contentType,
      size: Number(this.size),
      filename: this.originalName,
    };
    if (this.kind === 'image') return { ...base, width: this.width, height: this.height };
    return {
      ...base,
      duration: this.duration,
      sampleRate: this.sampleRate,
      bitDepth: this.bitDepth,
      channels: this.channels,
    };
  }
}

export type PublicUpload = ReturnType<Upload['toPublic']>;
