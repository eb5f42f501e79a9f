import { BaseModel } from '../../api/db/BaseModel.ts';
import type { BlockType, Section } from './blocks.ts';

export class ContentBlock extends BaseModel {
  static tableName = 'content_blocks';

  id!: number;
  key!: string;
  section!: Section;
  label!: string;
  description!: string;
  type!: BlockType;
  value!: string;
  position!: number;
  updatedAt!: number;
  updatedBy!: number | null;

  /** Spec §3 Content block. */
  toPublic() {
    const { id, key, section, label, description, type, value } = this;
    return { id, key, section, label, description, type, value };
  }
}

export type ContentBlockJSON = ReturnType<ContentBlock['toPublic']>;
