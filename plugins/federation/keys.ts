import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Knex } from 'knex';

// Each artist's RSA key pair, made the first time any node needs it and kept in the database: two
// nodes making one at once both insert, the first row wins and both read it back.

const TABLE = 'federation_keys';

async function read(knex: Knex, artistId: number): Promise<CryptoKeyPair | null> {
  const row = await knex(TABLE).where({ artistId }).first('privateJwk', 'publicJwk');
  if (!row) return null;
  return {
    privateKey: await importJwk(JSON.parse(row.privateJwk), 'private'),
    publicKey: await importJwk(JSON.parse(row.publicJwk), 'public'),
  };
}

export async function keyPairOf(knex: Knex, artistId: number, now: number): Promise<CryptoKeyPair> {
  const stored = await read(knex, artistId);
  if (stored) return stored;
  const pair = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  await knex(TABLE)
    .insert({
      artistId,
      privateJwk: JSON.stringify(await exportJwk(pair.privateKey)),
      publicJwk: JSON.stringify(await exportJwk(pair.publicKey)),
      createdAt: now,
    })
    .onConflict('artistId')
    .ignore();
  return (await read(knex, artistId))!;
}
