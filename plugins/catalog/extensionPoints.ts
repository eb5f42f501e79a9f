import type { SessionUser } from '../../api/http/state.ts';
import type { ArtistJson, TrackJson, UpcomingTrackJson } from './types.ts';

// The slots the catalog's pages and islands render, with what their fillers receive, and the
// catalog's part of the app shell (docs/architecture.md, "Extension points").

declare module '../../api/plugins/types.ts' {
  interface SlotProps {
    'artist.head': { artist: ArtistJson; latest: TrackJson | null };
    'artist.actions': { artist: ArtistJson; user: SessionUser | null };
    'artist.contact': { artist: { id: number; name: string; userId: number }; currentUserId: number | null };
    /** Support with Credits, in the artist page's actions and the track page's (`large`: a short label on phones). */
    'artist.support': { artist: { id: number; name: string }; signedIn: boolean; large?: boolean };
    'artist.next-drop': { artist: ArtistJson };
    'artist.scheduled-actions': { track: UpcomingTrackJson };
    'track.head': { track: TrackJson };
    'track.waveform': { track: TrackJson; user: SessionUser | null };
    'track.panels': { media: unknown; artistId: number; trackId: number };
    'track.actions': { track: TrackJson; artist: ArtistJson; user: SessionUser | null };
    'track.sections': { track: TrackJson; user: SessionUser | null };
    'track.details': { release: unknown };
    'coming.actions': { trackId: number; title: string };
  }

  interface ShellData {
    /** Subscribed artists with their photos' web sizes (srcset by type) once made. */
    subscriptions: Array<{
      id: number;
      name: string;
      profileImage: string | null;
      photoSrcset?: { avif: string; webp: string } | null;
    }>;
  }
}
