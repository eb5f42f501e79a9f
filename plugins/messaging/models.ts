import { BaseModel } from '../../api/db/BaseModel.ts';
import { User } from '../accounts/models.ts';

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
      sender: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'messages.senderId', to: 'users.id' } },
      recipient: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'messages.recipientId', to: 'users.id' } },
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
    return {
      id: this.id,
      senderId: this.senderId,
      senderName: this.sender?.name ?? '',
      recipientId: this.recipientId,
      recipientName: this.recipient?.name ?? '',
      subject: this.subject,
      content: this.content,
      isRead: this.isRead,
      isSentByCurrentUser: this.senderId === viewerId,
      createdAt: new Date(Number(this.createdAt)).toISOString(),
    };
  }
}

export type MessageJSON = ReturnType<Message['toJSONFor']>;
