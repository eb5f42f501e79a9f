import { BaseModel } from '../../api/db/BaseModel.ts';
import { User } from '../accounts/models.ts';
import { subjectOf } from './rules.ts';

export class Message extends BaseModel {
  static tableName = 'messages';
  static booleanColumns = ['isRead'];

  id!: number;
  senderId!: number;
  recipientId!: number;
  subject!: string | null;
  content!: string;
  isRead!: boolean;
  createdAt!: number;
  sender?: User;
  recipient?: User;

  static get relationMappings() {
    return {
      sender: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: User,
        join: { from: 'messages.senderId', to: 'users.id' },
      },
      recipient: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: User,
        join: { from: 'messages.recipientId', to: 'users.id' },
      },
    };
  }

  /** Messages with the two parties' names (and nothing else of theirs) loaded. */
  static withNames() {
    return this.query()
      .withGraphFetched('[sender(idAndName), recipient(idAndName)]')
      .modifiers({ idAndName: (query) => query.select('id', 'name') });
  }

  /** Spec §3 Message, as seen by `viewerId` (one of the two parties). */
  toJSONFor(viewerId: number) {
    return messageJson({ ...this, senderName: this.sender?.name, recipientName: this.recipient?.name }, viewerId);
  }
}

/** A message row with its parties' names (a model, or a plain row of the inbox query). */
export interface MessageRow {
  id: number;
  senderId: number;
  senderName?: string | null;
  recipientId: number;
  recipientName?: string | null;
  subject: string | null;
  content: string;
  isRead: boolean | number;
  createdAt: number;
}

/** Spec §3 Message, as seen by `viewerId` (one of the two parties). */
export function messageJson(row: MessageRow, viewerId: number) {
  return {
    id: Number(row.id),
    senderId: Number(row.senderId),
    senderName: row.senderName ?? '',
    recipientId: Number(row.recipientId),
    recipientName: row.recipientName ?? '',
    // Rows stored before subjects were cleaned may hold a bare "Re:".
    subject: subjectOf(row.subject),
    content: row.content,
    isRead: Boolean(row.isRead),
    isSentByCurrentUser: Number(row.senderId) === viewerId,
    createdAt: new Date(Number(row.createdAt)).toISOString(),
  };
}

export type MessageJSON = ReturnType<typeof messageJson>;
