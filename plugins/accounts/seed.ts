import type { Kernel } from '../../api/plugins/types.ts';
import { DEMO_USERNAME } from './demoAccount.ts';
import { Artist, User } from './models.ts';

export async function seedAccounts(kernel: Kernel): Promise<void> {
  await kernel.services.accounts.registerDemo({
    username: DEMO_USERNAME,
    email: 'demo@onetrack.example',
    name: 'Demo Listener',
    isArtist: false,
  });
}

const FALLBACK_ARTISTS = [
  { username: 'ariadawn', name: 'Aria Dawn', genre: 'Pop' },
  { username: 'cobaltlane', name: 'Cobalt Lane', genre: 'Alternative' },
  { username: 'mirasol', name: 'Mirasol', genre: 'World' },
];

/**
 * The first `count` artists for other plugins' demo data. Normally the catalog has seeded them;
 * without the catalog a few plain artist accounts are created so the demo still has someone to support.
 */
export async function demoArtists(kernel: Kernel, count: number): Promise<Artist[]> {
  const existing = await Artist.query().orderBy('id').limit(count);
  if (existing.length >= Math.min(count, 1)) return existing;
  const { accounts } = kernel.services;
  for (const a of FALLBACK_ARTISTS.slice(0, count)) {
    const user = await accounts.registerDemo({
      username: a.username,
      email: `${a.username}@onetrack.example`,
      name: a.name,
      isArtist: true,
    });
    const artist = await accounts.registerArtist(user.id);
    await Artist.query().findById(artist.id).patch({ genre: a.genre });
  }
  return Artist.query().orderBy('id').limit(count);
}

export async function demoListener(): Promise<User> {
  return (await User.query().findOne({ username: DEMO_USERNAME }))!;
}
