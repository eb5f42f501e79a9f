import type { Kernel } from '../../api/plugins/types.ts';
import { JOB } from './jobs.ts';
import type { ReleaseMetadata } from './metadata.ts';

// The demo catalogue's release facts (what an artist fills in the upload wizard) and its media: every
// demo track goes through the same worker jobs as an upload (streaming file, analysis with loudness
// and waveform, cover sizes). The jobs run in the background: the server is up before they finish,
// and the tracks play their original files meanwhile, as an upload's do.

const ENGINEERS = ['Sam Okafor', 'Rita Moreno-Liu', 'Jonas Berg', 'Aiko Tanaka'];
const LYRICS: Record<string, string | null> = {
  Latin: 'Spanish',
  'Hip-Hop/Rap': 'English',
  'R&B/Soul': 'English',
  Rock: 'English',
  Folk: 'English',
};

const year = (ms: unknown) => new Date(Number(ms)).getUTCFullYear();

function describe(title: string, artist: string, genre: string | null, bio: string): string {
  const kind = genre ? `${genre.toLowerCase()} ` : '';
  return `${title} is ${artist}'s ${kind}drop, written and recorded in a single month.\n\n${bio}`;
}

export async function seedReleases(kernel: Kernel): Promise<void> {
  const { knex } = kernel;
  const at = kernel.now().getTime();
  const rows = await knex('tracks as t')
    .join('artists as a', 'a.id', 't.artist_id')
    .select('t.id', 't.title', 't.audio_url', 't.cover_image', 't.upload_date', 'a.name', 'a.genre', 'a.bio')
    .orderBy('t.id');
  await knex.transaction(async (trx) => {
    for (const [i, row] of rows.entries()) {
      const lyrics = LYRICS[row.genre as string] ?? null;
      const metadata: ReleaseMetadata = {
        artistRoles: [{ name: row.name, role: 'Primary Artist' }],
        productionCredits: [
          { name: row.name, role: 'Producer' },
          { name: ENGINEERS[i % ENGINEERS.length], role: 'Mastering Engineer' },
        ],
        songwriterCredits: [{ name: row.name, contribution: lyrics ? 'Music and lyrics' : 'Music' }],
        royaltySplits: [{ name: row.name, share: 100 }],
      };
      await trx('tracks')
        .where({ id: row.id })
        .update({
          genre: row.genre,
          language: lyrics ?? 'Instrumental',
          hasLyrics: !!lyrics,
          lyricsLanguage: lyrics,
          contentType: row.genre === 'Hip-Hop/Rap' ? 'Explicit' : row.genre === 'Rock' ? 'Clean' : 'Not Explicit',
          description: describe(row.title, row.name, row.genre, row.bio ?? ''),
          isrc: `QZDEM${String(year(row.uploadDate)).slice(2)}${String(row.id).padStart(5, '0')}`,
          recordingYear: year(row.uploadDate),
          trackOrigin: 'Original',
          masterUrl: row.audioUrl,
          metadata: JSON.stringify(metadata),
          // The scheduled demo drop: out at 00:00 UTC of its day, open to pre-save meanwhile.
          ...(Number(row.uploadDate) > at
            ? {
                releaseAsap: false,
                releaseDate: new Date(Number(row.uploadDate)).toISOString().slice(0, 10),
                midnightRelease: false,
                enablePreSave: true,
              }
            : {}),
        });
      await kernel.jobs.enqueue(trx, JOB.transcode, { trackId: row.id });
      await kernel.jobs.enqueue(trx, JOB.analyze, { trackId: row.id });
      if (row.coverImage) await kernel.jobs.enqueue(trx, JOB.cover, { trackId: row.id });
      // A scheduled demo drop is announced at its moment, as any scheduled release is.
      if (Number(row.uploadDate) > at)
        await kernel.jobs.enqueue(trx, JOB.public, { trackId: row.id }, { runAt: Number(row.uploadDate) });
    }
  });
}
