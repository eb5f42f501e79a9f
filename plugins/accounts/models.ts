import { BaseModel } from '../../api/db/BaseModel.ts';
import { usernameKey, type LocaleChoice, type Role, type Theme } from './rules.ts';

export class User extends BaseModel {
  static tableName = 'users';
  static booleanColumns = ['isArtist'];

  id!: number;
  username!: string;
  /** usernameKey(username), written with every username (the unique, exact comparison form). */
  usernameKey!: string;
  email!: string;
  name!: string;
  bio!: string;
  profileImage!: string | null;
  isArtist!: boolean;
  role!: Role;
  passwordHash!: string;
  createdAt!: number;
  updatedAt!: number;
  /** Set when the account was deleted: the row stays, anonymised, and can no longer sign in. */
  deletedAt!: number | null;
  /** Set while a moderator has suspended the account: it cannot sign in and its sessions read as signed out. */
  suspendedAt!: number | null;
  suspensionReason!: string | null;
  /** The address the user proved is theirs (recovery.ts); verified while it equals `email`. */
  verifiedEmail!: string | null;

  static get relationMappings() {
    return {
      artist: {
        relation: BaseModel.HasOneRelation,
        modelClass: Artist,
        join: { from: 'users.id', to: 'artists.userId' },
      },
    };
  }

  $beforeInsert() {
    this.usernameKey = usernameKey(this.username);
  }

  $beforeUpdate() {
    if (this.username !== undefined) this.usernameKey = usernameKey(this.username);
  }

  /** The public JSON of spec §3: never the password hash. */
  toPublic() {
    return {
      id: this.id,
      name: this.name,
      username: this.username,
      email: this.email,
      bio: this.bio,
      profileImage: this.profileImage,
      isArtist: this.isArtist,
      role: this.role,
      emailVerified: this.verifiedEmail === this.email,
    };
  }
}

export class Artist extends BaseModel {
  static tableName = 'artists';
  static booleanColumns = ['verified'];

  id!: number;
  userId!: number;
  name!: string;
  genre!: string | null;
  bio!: string;
  profileImage!: string | null;
  /** The photo's web sizes as JSON (ImageVariant[]), once the accounts.photoSizes job made them. */
  profileImageVariants!: string | null;
  verified!: boolean;
  createdAt!: number;
}

export class Preferences extends BaseModel {
  static tableName = 'user_preferences';
  static idColumn = 'userId';
  static booleanColumns = ['emailNotifications', 'inAppNotifications', 'highQualityAudio', 'normaliseLoudness'];

  userId!: number;
  emailNotifications!: boolean;
  inAppNotifications!: boolean;
  theme!: Theme;
  locale!: LocaleChoice;
  highQualityAudio!: boolean;
  normaliseLoudness!: boolean;
  updatedAt!: number;

  toPublic() {
    const { emailNotifications, inAppNotifications, theme, locale, highQualityAudio, normaliseLoudness } = this;
    return { emailNotifications, inAppNotifications, theme, locale, highQualityAudio, normaliseLoudness };
  }
}

export type PublicUser = ReturnType<User['toPublic']>;
