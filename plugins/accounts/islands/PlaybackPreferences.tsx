import { useStore } from '@nanostores/react';
import { $audioPrefs, setAudioPrefs, type AudioPrefs } from '../../../site/lib/audioPrefs.ts';
import { useHydrated } from '../../../site/lib/useHydrated.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { preferenceLabels } from './preferenceTexts.ts';

const KEYS: Array<keyof AudioPrefs> = ['highQualityAudio', 'normaliseLoudness'];

/** A visitor's playback preferences: kept in this browser, applied by the player at once. */
export default function PlaybackPreferences() {
  const prefs = useStore($audioPrefs);
  // The server rendered the defaults (on); this browser's choice shows once hydrated.
  const hydrated = useHydrated();
  return (
    <section className="surface-card p-4 mt-3" aria-labelledby="playback-title">
      <h2 id="playback-title" className="h5">
        {m.playback_title()}
      </h2>
      <p className="text-secondary small">{m.playback_text()}</p>
      {KEYS.map((key) => (
        <div className="form-check form-switch mb-2" key={key}>
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id={`playback-${key}`}
            checked={!hydrated || prefs[key]}
            disabled={!hydrated}
            aria-describedby={`playback-${key}-help`}
            onChange={(event) => setAudioPrefs({ [key]: event.currentTarget.checked })}
          />
          <label className="form-check-label" htmlFor={`playback-${key}`}>
            {preferenceLabels[key][0]()}
          </label>
          <div id={`playback-${key}-help`} className="form-text text-secondary">
            {preferenceLabels[key][1]()}
          </div>
        </div>
      ))}
      {/* A visitor's pages are the shared cached copy: their colours follow the device, a choice needs an account. */}
      <p className="text-secondary small mb-0 mt-3">{m.playback_theme()}</p>
    </section>
  );
}
