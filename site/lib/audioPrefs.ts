import { atom } from 'nanostores';
import { apiRequest } from './api.ts';

// The two playback preferences the player honours. Signed-in users keep them on the server (profile →
// Preferences); this browser keeps a copy, which is all a visitor has (both on by default).

export interface AudioPrefs {
  /** Play the lossless master when the track has one, else the streaming file. */
  highQualityAudio: boolean;
  /** Match every track to one loudness (loudness.ts). */
  normaliseLoudness: boolean;
}

const KEY = 'onetrack.audioPrefs';
const DEFAULTS: AudioPrefs = { highQualityAudio: true, normaliseLoudness: true };

function stored(): AudioPrefs {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<AudioPrefs>;
    return {
      highQualityAudio: value.highQualityAudio !== false,
      normaliseLoudness: value.normaliseLoudness !== false,
    };
  } catch {
    return { ...DEFAULTS };
  }
}

export const $audioPrefs = atom<AudioPrefs>(typeof localStorage === 'undefined' ? { ...DEFAULTS } : stored());

/** Applies preferences at once (the profile page after a save, the server's copy on load). */
export function setAudioPrefs(prefs: Partial<AudioPrefs>): void {
  const next = { ...$audioPrefs.get(), ...prefs };
  $audioPrefs.set(next);
  localStorage.setItem(KEY, JSON.stringify(next));
}

/** The layout marks the body of a signed-in page, so persisted islands read the session of the page shown. */
export function signedIn(): boolean {
  return document.body.hasAttribute('data-signed-in');
}

/** A signed-in user's preferences come from the server (another device may have changed them). */
export async function syncAudioPrefs(): Promise<void> {
  if (!signedIn()) return;
  try {
    setAudioPrefs(await apiRequest<AudioPrefs>('GET', '/api/users/me/preferences'));
  } catch {
    // The browser's copy stays in force.
  }
}
