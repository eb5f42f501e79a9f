import { DateTime } from 'luxon';
import type { Kernel } from '../../api/plugins/types.ts';
import { MEDIA_PREFIX } from '../../api/http/media.ts';
import { Artist } from '../accounts/models.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../accounts/demoAccount.ts';
import { CLIP_SECONDS, makeArtwork, makeClip, type ClipRecipe } from './demoMedia.ts';
import { monthKey } from './drops.ts';
import { Exclusive, Like, Subscription, Track } from './models.ts';
import { listenWindow } from './rules.ts';

interface DemoArtist {
  username: string;
  name: string;
  genre: string;
  verified: boolean;
  bio: string;
  colors: [string, string];
  tracks: [string, string];
  recipe: ClipRecipe;
}

const MAJOR: ClipRecipe['steps'] = [1, 1.26, 1.5, 2];
const MINOR: ClipRecipe['steps'] = [1, 1.19, 1.5, 1.78];

const ARTISTS: DemoArtist[] = [
  {
    username: 'novaharbor',
    name: 'Nova Harbor',
    genre: 'Electronic',
    verified: true,
    bio: 'Synth tides from a harbour town. One track a month, written on the first night of the moon.',
    colors: ['#1d2b64', '#f8cdda'],
    tracks: ['Tidal Lights', 'Low Orbit'],
    recipe: { root: 220, tempo: 6, steps: MINOR, bright: 0.8 },
  },
  {
    username: 'mayareyes',
    name: 'Maya Reyes',
    genre: 'Latin',
    verified: true,
    bio: 'Cumbia rhythms and late-night guitar from Monterrey.',
    colors: ['#f7971e', '#ffd200'],
    tracks: ['Calle Dorada', 'Sol de Medianoche'],
    recipe: { root: 262, tempo: 5, steps: MAJOR, bright: 0.4 },
  },
  {
    username: 'theoldpines',
    name: 'The Old Pines',
    genre: 'Folk',
    verified: false,
    bio: 'Three friends, one porch, a banjo and too many harmonies.',
    colors: ['#134e5e', '#71b280'],
    tracks: ['Cabin Smoke', 'River Letters'],
    recipe: { root: 196, tempo: 3, steps: MAJOR, bright: 0.2 },
  },
  {
    username: 'kairocks',
    name: 'Kai Rocks',
    genre: 'Rock',
    verified: true,
    bio: 'Loud guitars, louder hearts. Recording live to tape every month.',
    colors: ['#cb2d3e', '#ef473a'],
    tracks: ['Static Bloom', 'Paper Crown'],
    recipe: { root: 147, tempo: 8, steps: MINOR, bright: 1 },
  },
  {
    username: 'lunavelvet',
    name: 'Luna Velvet',
    genre: 'R&B/Soul',
    verified: false,
    bio: 'Slow jams for slow Sundays.',
    colors: ['#41295a', '#2f0743'],
    tracks: ['Velvet Hours', 'Honey Static'],
    recipe: { root: 233, tempo: 2, steps: MINOR, bright: 0.3 },
  },
  {
    username: 'dexmetro',
    name: 'Dex Metro',
    genre: 'Hip-Hop/Rap',
    verified: true,
    bio: 'Boom-bap from the last stop on the line.',
    colors: ['#232526', '#414345'],
    tracks: ['Last Stop', 'Concrete Psalms'],
    recipe: { root: 110, tempo: 4, steps: MINOR, bright: 0.6 },
  },
  {
    username: 'ivyquartet',
    name: 'Ivy Quartet',
    genre: 'Classical',
    verified: false,
    bio: 'A string quartet playing new chamber music, monthly.',
    colors: ['#e6dada', '#274046'],
    tracks: ['Etude in Green', 'Nocturne for Rain'],
    recipe: { root: 294, tempo: 3, steps: MAJOR, bright: 0.1 },
  },
  {
    username: 'bluemoonjazz',
    name: 'Blue Moon Trio',
    genre: 'Jazz',
    verified: false,
    bio: 'Piano, upright bass and brushes. Standards that are not standard.',
    colors: ['#2193b0', '#6dd5ed'],
    tracks: ['Brushes at Dawn', 'Moonlit Changes'],
    recipe: { root: 175, tempo: 4, steps: [1, 1.19, 1.41, 1.68], bright: 0.5 },
  },
];

const EXCLUSIVES: Array<{
  artist: number;
  type: string;
  title: string;
  description: string;
  remaining?: number;
  totalAvailable?: number;
  duration?: number;
}> = [
  {
    artist: 0,
    type: 'NFT',
    title: 'Tidal Lights Collector Token',
    description: 'A numbered token for the first 100 fans of Tidal Lights.',
    remaining: 37,
    totalAvailable: 100,
  },
  {
    artist: 3,
    type: 'NFT',
    title: 'Paper Crown Backstage Pass',
    description: 'A collectible pass with a signed setlist.',
    remaining: 4,
    totalAvailable: 25,
  },
  {
    artist: 1,
    type: 'unreleased-track',
    title: 'Calle Dorada (Demo)',
    description: 'The first voice-memo version, before the band came in.',
    duration: 142,
  },
  {
    artist: 5,
    type: 'unreleased-track',
    title: 'Concrete Psalms (Alt Verse)',
    description: 'The verse that did not make the cut.',
    duration: 96,
  },
  {
    artist: 2,
    type: 'behind-the-scenes',
    title: 'Porch Session: Cabin Smoke',
    description: "How three microphones and one porch made this month's drop.",
    duration: 418,
  },
  {
    artist: 6,
    type: 'behind-the-scenes',
    title: 'Rehearsal Room Diaries',
    description: 'A week of rehearsals for Nocturne for Rain.',
    duration: 655,
  },
  {
    artist: 4,
    type: 'listening-party',
    title: 'Velvet Hours Listening Party',
    description: 'A private stream with Luna, for subscribers only.',
  },
];

/**
 * Each artist's earlier monthly drops, as months before last month (2 = the month before it), so
 * drop records differ: long streaks, gaps, a streak that ended. Within the months since joining.
 */
const BACK_CATALOGUE: number[][] = [[2], [2, 3], [3], [2, 3, 4, 5], [], [2, 3, 4, 6, 7], [4, 5, 6, 7, 8], [2]];
const BACK_TITLES = [
  'Early Hours',
  'First Frost',
  'Northern Line',
  'Glasshouse',
  'Slow Signal',
  'Paper Boats',
  'Afterglow',
  'Long Way Round',
];

/** Runs a few jobs at a time: ffmpeg and sharp each keep a core busy. */
async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

export async function seedCatalog(kernel: Kernel): Promise<void> {
  const { accounts } = kernel.services;
  const now = kernel.now();
  const url = (name: string) => `${MEDIA_PREFIX}demo/${name}`;

  await inBatches(ARTISTS, 2, async (a) => {
    await makeArtwork(kernel.storage, `${a.username}.jpg`, 400, a.colors, a.username.length);
    for (const i of a.tracks.keys()) {
      const slug = `${a.username}-${i + 1}`;
      await makeArtwork(
        kernel.storage,
        `${slug}-cover.jpg`,
        600,
        [a.colors[1], a.colors[0]],
        a.username.length + i * 7,
      );
      // The older track plays the same tune a fifth higher, so every clip differs.
      await makeClip(kernel.storage, `${slug}.mp3`, {
        ...a.recipe,
        root: Math.round(a.recipe.root * (i === 0 ? 1 : 1.5)),
      });
    }
  });

  const monthStart = DateTime.fromJSDate(now, { zone: 'utc' }).startOf('month');
  const lastMonth = monthStart.minus({ months: 1 });
  const artistIds: number[] = [];
  const trackIds: number[] = [];
  const userIds: number[] = [];
  for (const [index, a] of ARTISTS.entries()) {
    const user = await accounts.registerDemo({
      username: a.username,
      email: `${a.username}@onetrack.example`,
      name: a.name,
      isArtist: true,
    });
    await accounts.updateProfile(user, user.id, { bio: a.bio, profileImage: url(`${a.username}.jpg`) });
    const artist = await accounts.registerArtist(user.id);
    // Joined over the past months, so About shows different join months.
    const joined = monthStart
      .minus({ months: 2 + index })
      .plus({ days: index * 3 })
      .toMillis();
    await Artist.query().findById(artist.id).patch({ genre: a.genre, verified: a.verified, createdAt: joined });
    userIds.push(user.id);
    artistIds.push(artist.id);

    // This month's drop lands between the start of the month and now; last month's on its own day.
    const thisDrop = Math.round(
      monthStart.toMillis() + ((now.getTime() - monthStart.toMillis()) * (index + 1)) / (ARTISTS.length + 1),
    );
    const lastDrop = lastMonth.plus({ days: index * 2, hours: 12 }).toMillis();
    for (const [i, uploadDate] of [thisDrop, lastDrop].entries()) {
      const slug = `${a.username}-${i + 1}`;
      const track = await Track.query().insertAndFetch({
        artistId: artist.id,
        title: a.tracks[i],
        audioUrl: url(`${slug}.mp3`),
        coverImage: url(`${slug}-cover.jpg`),
        duration: CLIP_SECONDS,
        uploadDate,
        isMonthlyDrop: true,
        dropMonth: monthKey(new Date(uploadDate)),
        createdAt: uploadDate,
      });
      trackIds.push(track.id);
    }
    // The back catalogue replays the older clip; drops come out around the same day each month.
    for (const monthsAgo of BACK_CATALOGUE[index]) {
      const uploadDate = monthStart
        .minus({ months: monthsAgo })
        .plus({ days: index * 2 + (monthsAgo % 2), hours: 12 })
        .toMillis();
      await Track.query().insert({
        artistId: artist.id,
        title: BACK_TITLES[(index + monthsAgo) % BACK_TITLES.length],
        audioUrl: url(`${a.username}-2.mp3`),
        coverImage: url(`${a.username}-2-cover.jpg`),
        duration: CLIP_SECONDS,
        uploadDate,
        isMonthlyDrop: true,
        dropMonth: monthKey(new Date(uploadDate)),
        createdAt: uploadDate,
      });
    }
  }

  // Nova Harbor has scheduled next month's drop (the 3rd, 00:00 UTC): her countdown, her page's
  // Scheduled section and the drop's "coming on" page have something to show. Its cover and clip are
  // her latest drop's until she uploads the real ones.
  const scheduledAt = monthStart.plus({ months: 1, days: 2 }).toMillis();
  await Track.query().insert({
    artistId: artistIds[0],
    title: 'Tide Tables',
    audioUrl: url(`${ARTISTS[0].username}-1.mp3`),
    coverImage: url(`${ARTISTS[0].username}-1-cover.jpg`),
    duration: CLIP_SECONDS,
    uploadDate: scheduledAt,
    isMonthlyDrop: true,
    dropMonth: monthKey(new Date(scheduledAt)),
    createdAt: now.getTime(),
  });

  for (const [i, e] of EXCLUSIVES.entries()) {
    await Exclusive.query().insert({
      artistId: artistIds[e.artist],
      type: e.type,
      title: e.title,
      description: e.description,
      remaining: e.remaining ?? null,
      totalAvailable: e.totalAvailable ?? null,
      duration: e.duration ?? null,
      createdAt: now.getTime() - (i + 1) * 3_600_000,
    });
  }

  // Some history: the demo listener follows two artists and likes two tracks; the artists listen
  // to each other, so monthly listeners are real counts, a different number for each artist (2 to 9)
  // so that the directory's Popular order means something.
  const demo = await accounts.authenticate(DEMO_USERNAME, DEMO_PASSWORD);
  if (demo) {
    for (const artistId of artistIds.slice(0, 2))
      await Subscription.query().insert({ userId: demo.id, artistId, active: true, createdAt: now.getTime() });
    for (const trackId of [trackIds[0], trackIds[6]])
      await Like.query().insert({ userId: demo.id, trackId, createdAt: now.getTime() });
    userIds.push(demo.id);
  }
  const listens = [];
  for (const [u, userId] of userIds.entries()) {
    for (let t = 0; t < trackIds.length; t += 2) {
      if (u >= 2 + (((t / 2) * 5) % 8)) continue;
      const listenedAt = now.getTime() - (u + 1) * (t + 1) * 60_000;
      listens.push({
        userId,
        trackId: trackIds[t],
        artistId: artistIds[t / 2],
        listenedAt,
        listenWindow: listenWindow(listenedAt),
      });
    }
  }
  await kernel.knex('listens').insert(listens);
}
