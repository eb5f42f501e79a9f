import { BaseModel } from '../../api/db/BaseModel.ts';
import { Artist } from '../accounts/models.ts';

export class CreditGrant extends BaseModel {
  static tableName = 'credit_grants';

  id!: number;
  userId!: number;
  month!: string;
  credits!: number;
  remaining!: number;
  createdAt!: number;
}

export class Allocation extends BaseModel {
  static tableName = 'credit_allocations';

  id!: number;
  userId!: number;
  artistId!: number;
  month!: string;
  credits!: number;
  createdAt!: number;
  artist?: Artist;

  static get relationMappings() {
    return {
      artist: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Artist,
        join: { from: 'credit_allocations.artistId', to: 'artists.id' },
      },
    };
  }

  /** Spec §3 Allocation: id, artistId, credits, allocationDate, artist {name, genre}. */
  toJSONForUser() {
    return {
      id: this.id,
      artistId: this.artistId,
      credits: this.credits,
      allocationDate: new Date(Number(this.createdAt)).toISOString(),
      artist: this.artist ? { name: this.artist.name, genre: this.artist.genre } : null,
    };
  }
}
