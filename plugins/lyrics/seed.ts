import type { Kernel } from '../../api/plugins/types.ts';

// Demo lyrics for the demo tracks that have words (releases' seed marks them), newest first: the
// first synced with word timings (enhanced LRC), the next ones synced by line, the rest plain, so the
// track page, the player's view and the apps show each kind.

const VERSES = [
  [
    'Streetlights hum a song in the rain',
    'Every window holds a different flame',
    'I keep walking till the night turns gold',
  ],
  [
    'One more drop before the month is through',
    'Every chord I wrote was meant for you',
    'Hold the line and let the chorus fall',
  ],
  ['Harbour lights are calling me home', 'Salt and static on the radio', 'We were never really on our own'],
  ['Turn it up and let the city breathe', 'All the noise is only what we need', 'Sing it back to me, sing it back'],
];

const VERSOS = [
  [
    'Las luces de la calle cantan en la lluvia',
    'Cada ventana guarda otra llama',
    'Camino hasta que la noche se vuelve oro',
  ],
  [
    'Una gota más antes de que acabe el mes',
    'Cada acorde que escribí era para ti',
    'Sostén la nota y deja caer el coro',
  ],
];

const stamp = (ms: number) =>
  `${String(Math.floor(ms / 60000)).padStart(2, '0')}:` +
  `${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}.` +
  `${String(Math.floor(ms / 10) % 100).padStart(2, '0')}`;

/** LRC over the track: a line every few seconds from the intro's end to shortly before the end. */
function lrc(duration: number, words: boolean, verses: string[][]): string {
  const lines: string[] = ['[by:OneTrack demo]'];
  const step = 4000;
  const end = Math.max(0, duration * 1000 - 5000);
  for (let at = 2000, i = 0; at < end; at += step, i++) {
    const verse = verses[Math.floor(i / 3) % verses.length];
    const line = verse[i % 3];
    if (i % 3 === 0 && i > 0) lines.push('');
    if (!words) lines.push(`[${stamp(at)}]${line}`);
    else {
      const parts = line.split(' ');
      const gap = Math.floor((step - 400) / parts.length);
      lines.push(`[${stamp(at)}]${parts.map((w, j) => ` <${stamp(at + j * gap)}> ${w}`).join('')}`);
    }
  }
  return lines.join('\n');
}

const plain = (verses: string[][]) => verses.map((verse) => verse.join('\n')).join('\n\n');

const verses = (language: string) => (language === 'Spanish' ? VERSOS : VERSES);

export async function seedLyrics(kernel: Kernel): Promise<void> {
  const rows = await kernel
    .knex('tracks')
    .where({ hasLyrics: true })
    .whereNotNull('lyricsLanguage')
    .where('uploadDate', '<=', kernel.now().getTime())
    .orderBy('uploadDate', 'desc')
    .select('id', 'duration', 'lyricsLanguage');
  const at = kernel.now().getTime();
  if (!rows.length) return;
  await kernel.knex('track_lyrics').insert(
    rows.map((row, i) => ({
      trackId: row.id,
      language: row.lyricsLanguage,
      text: i < 4 ? lrc(Number(row.duration), i === 0, verses(row.lyricsLanguage)) : plain(verses(row.lyricsLanguage)),
      synced: i < 4,
      updatedAt: at,
    })),
  );
}
