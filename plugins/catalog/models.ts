import { BaseModel } from '../../api/db/BaseModel.ts';

// Writes go through these models; the list reads are single SQL queries in queries.ts.

export class Track extends BaseModel {
  static tableName = 'tracks';
  static booleanColumns = ['isMonthlyDrop'];

  id!: number;
  artistId!: number;
  title!: string;
  audioUrl!: string;
  coverImage!: string | null;
  duration!: number;
  uploadDate!: number;
  isMonthlyDrop!: boolean;
  dropMonth!: string | null;
  createdAt!: number;
}

export class Exclusive extends BaseModel {
  static tableName = 'exclusives';

  id!: number;
  artistId!: number;
  type!: string;
  title!: string;
  description!: string;
  remaining!: number | null;
  totalAvailable!: number | null;
  duration!: number | null;
  createdAt!: number;
}

export class Like extends BaseModel {
  static tableName = 'likes';
  static idColumn = ['userId', 'trackId'];

  userId!: number;
  trackId!: number;
  createdAt!: number;
}

export class Listen extends BaseModel {
  static tableName = 'listens';

  id!: number;
  userId!: number;
  trackId!: number;
  artistId!: number;
  listenedAt!: number;
  /** floor(listenedAt / LISTEN_WINDOW_MS): unique per user and track (one counted listen per window). */
  listenWindow!: number;
}

export class Subscription extends BaseModel {
  static tableName = 'subscriptions';
  static booleanColumns = ['active'];

  id!: number;
  userId!: number;
  artistId!: number;
  active!: boolean;
  createdAt!: number;
  /** When it ended (unsubscribed or the fan's account deleted); null while active. */
  endedAt!: number | null;
}
