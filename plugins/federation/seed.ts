import type { Kernel } from '../../api/plugins/types.ts';

// Demo fediverse followers of Nova Harbor, so the dashboard shows the feature from the start. Their
// servers are on the reserved `.example` domain: a delivery to them fails at once and is retried
// by kernel.jobs until it is parked (nothing leaves the machine).
const FOLLOWERS = [
  ['lena', 'mastodon.example'],
  ['tidepool', 'social.example'],
  ['marco_beats', 'fedi.example'],
];

export async function seedFederation(kernel: Kernel): Promise<void> {
  const artist = await kernel
    .knex('artists as a')
    .join('users as u', 'u.id', 'a.userId')
    .where('u.username', 'novaharbor')
    .first('a.id');
  if (!artist) return;
  const now = kernel.now().getTime();
  await kernel.knex('federation_followers').insert(
    FOLLOWERS.map(([name, domain], i) => ({
      artistId: artist.id,
      actorId: `https://${domain}/users/${name}`,
      handle: `@${name}@${domain}`,
      inbox: `https://${domain}/users/${name}/inbox`,
      sharedInbox: `https://${domain}/inbox`,
      domain,
      createdAt: now - (i + 1) * 86_400_000 * 3,
    })),
  );
}
