import type { Context } from '@fedify/fedify';
import { Temporal } from './temporal.ts';
import {
  Audio,
  Create,
  Delete,
  Document,
  Endpoints,
  Hashtag,
  Image,
  Note,
  Person,
  PUBLIC_COLLECTION,
  Tombstone,
  Update,
} from '@fedify/fedify/vocab';
import type { LocalArtist, LocalTrack } from './directory.ts';
import { escapeHtml, hashtagNames, mediaTypeOf, metadataTags, paragraphs } from './present.ts';

// The ActivityStreams objects OneTrack sends: a drop is a Note (what Mastodon shows in a timeline)
// with its audio and cover attached, its title, artist, a link to the track page and hashtags.

export const trackUri = (ctx: Context<void>, trackId: number) => ctx.getObjectUri(Note, { id: String(trackId) });
const absolute = (ctx: Context<void>, path: string) => new URL(path, ctx.origin);

function image(ctx: Context<void>, url: string | null, name?: string): Image | null {
  if (!url) return null;
  return new Image({ url: absolute(ctx, url), mediaType: mediaTypeOf(url), name: name ?? null });
}

export function trackNote(ctx: Context<void>, artist: LocalArtist, track: LocalTrack): Note {
  const page = absolute(ctx, `/tracks/${track.id}`);
  const names = hashtagNames([track.genre, ...metadataTags(track.metadata)]);
  const tagLink = (name: string) => absolute(ctx, `/search?q=${encodeURIComponent(name)}`);
  const audioPath = track.streamUrl ?? track.audioUrl;
  const cover = image(ctx, track.coverImage, `Cover of ${track.title}`);
  const content =
    `<p><strong>${escapeHtml(track.title)}</strong> by ${escapeHtml(artist.name)}, out now on OneTrack.</p>` +
    `<p><a href="${escapeHtml(page.href)}">${escapeHtml(page.href)}</a></p>` +
    (names.length
      ? `<p>${names
          .map((name) => {
            const href = escapeHtml(tagLink(name).href);
            return `<a href="${href}" class="mention hashtag" rel="tag">#<span>${escapeHtml(name)}</span></a>`;
          })
          .join(' ')}</p>`
      : '');
  return new Note({
    id: trackUri(ctx, track.id),
    attribution: ctx.getActorUri(String(artist.id)),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(String(artist.id)),
    name: track.title,
    summary: null,
    content,
    url: page,
    published: Temporal.Instant.fromEpochMilliseconds(track.uploadDate),
    attachments: [
      new Audio({
        url: absolute(ctx, audioPath),
        mediaType: mediaTypeOf(audioPath) ?? 'audio/mpeg',
        name: `${track.title} by ${artist.name}`,
        duration: track.duration > 0 ? Temporal.Duration.from({ seconds: Math.round(track.duration) }) : null,
      }),
      ...(cover ? [new Document({ url: cover.url, mediaType: cover.mediaType, name: cover.name })] : []),
    ],
    image: cover,
    tags: names.map((name) => new Hashtag({ name: `#${name}`, href: tagLink(name) })),
  });
}

const actorOf = (ctx: Context<void>, artistId: number) => ctx.getActorUri(String(artistId));

/** The activity ids are fixed by what they say, so sending one twice is the same activity (once per inbox). */
export function createOf(ctx: Context<void>, artist: LocalArtist, track: LocalTrack, round = 0): Create {
  const note = trackNote(ctx, artist, track);
  return new Create({
    id: new URL(`${note.id!.href}#create${round ? `-${round}` : ''}`),
    actor: actorOf(ctx, artist.id),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(String(artist.id)),
    published: note.published,
    object: note,
  });
}

export function updateOf(ctx: Context<void>, artist: LocalArtist, track: LocalTrack, at: number): Update {
  const note = trackNote(ctx, artist, track);
  return new Update({
    id: new URL(`${note.id!.href}#update-${at}`),
    actor: actorOf(ctx, artist.id),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(String(artist.id)),
    object: note,
  });
}

export function deleteTrackOf(ctx: Context<void>, artistId: number, trackId: number, at: number): Delete {
  const id = trackUri(ctx, trackId);
  return new Delete({
    id: new URL(`${id.href}#delete-${at}`),
    actor: actorOf(ctx, artistId),
    to: PUBLIC_COLLECTION,
    object: new Tombstone({ id }),
  });
}

export function deleteActorOf(ctx: Context<void>, artistId: number, at: number): Delete {
  const id = actorOf(ctx, artistId);
  return new Delete({ id: new URL(`${id.href}#delete-${at}`), actor: id, to: PUBLIC_COLLECTION, object: id });
}

/** Mastodon refreshes a profile from the actor embedded in the Update. */
export function updateActorOf(ctx: Context<void>, person: Person, at: number): Update {
  const id = person.id!;
  return new Update({ id: new URL(`${id.href}#update-${at}`), actor: id, to: PUBLIC_COLLECTION, object: person });
}

export async function personOf(ctx: Context<void>, artist: LocalArtist, header: string | null): Promise<Person> {
  const identifier = String(artist.id);
  const keys = await ctx.getActorKeyPairs(identifier);
  return new Person({
    id: ctx.getActorUri(identifier),
    preferredUsername: artist.username,
    name: artist.name,
    summary: paragraphs(artist.bio) || null,
    url: absolute(ctx, `/artist/${artist.id}`),
    icon: image(ctx, artist.profileImage, artist.name),
    image: image(ctx, header),
    published: Temporal.Instant.fromEpochMilliseconds(artist.createdAt),
    inbox: ctx.getInboxUri(identifier),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    outbox: ctx.getOutboxUri(identifier),
    followers: ctx.getFollowersUri(identifier),
    manuallyApprovesFollowers: false,
    discoverable: true,
    indexable: true,
    publicKey: keys[0]?.cryptographicKey ?? null,
    assertionMethods: keys.map((key) => key.multikey),
  });
}
