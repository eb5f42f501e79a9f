import * as m from '../../../../lib/i18n/messages.ts';
import { formatDuration, missingFields, type ReleaseDraft } from '../../form.ts';
import { genreName } from '../../../../lib/genreNames.ts';
import { contentTypeName, languageName, trackOriginName } from '../../optionNames.ts';
import { MB } from '../../rules.ts';
import { formatDay } from '../../schedule.ts';
import type { Credit } from '../../metadata.ts';

const yesNo = (value: boolean) => (value ? m.wizard_yes() : m.wizard_no());

/** form.ts's missing list (English, shared with its tests) in the reader's language. */
const MISSING: Record<string, () => string> = {
  'Track Title': m.wizard_missing_title,
  Genre: m.wizard_genre,
  Language: m.wizard_language,
  'Audio File': m.wizard_audio_file,
  'Previous Release Date': m.wizard_previous_date,
  'Release Date': m.wizard_release_date,
};

function Rows({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="review-rows mb-0">
      {rows.map(([term, value]) => (
        <div key={term} className="d-flex justify-content-between gap-3 py-1">
          <dt className="fw-normal text-secondary">{term}</dt>
          <dd className="mb-0 text-end text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Credits({ title, items, second }: { title: string; items: Credit[]; second: 'role' | 'contribution' }) {
  return (
    <div className="mb-2">
      <h4 className="h6 mb-1">{title}</h4>
      {items.length ? (
        <ul className="mb-0 small">
          {items.map((c, i) => (
            <li key={i}>
              {c.name}
              {c[second] ? ` (${c[second]})` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className="small text-secondary mb-0">{m.wizard_none()}</p>
      )}
    </div>
  );
}

/** Step 5 Review and Submit. */
export function StepReview({ draft }: { draft: ReleaseDraft }) {
  const missing = missingFields(draft);
  return (
    <>
      {missing.length > 0 && (
        <div className="alert alert-danger" role="alert">
          <strong>{m.wizard_missing()}</strong>
          <ul className="mb-0 mt-1">
            {missing.map((field) => (
              <li key={field}>{MISSING[field]?.() ?? field}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="d-flex align-items-center gap-2 mb-3">
        {/* Bootstrap's own pairs of background and text colour: react-bootstrap's bg="warning" names a
            utility the theme does not build, which left dark text on the dark card. */}
        <span className={`badge release-badge ${draft.isMonthlyDrop ? 'text-bg-warning' : 'text-bg-secondary'}`}>
          {draft.isMonthlyDrop ? m.wizard_badge_drop() : m.wizard_badge_regular()}
        </span>
      </div>
      <div className="row g-3">
        <div className="col-md-4">
          <section className="card surface-card h-100">
            <div className="card-body">
              <h3 className="h6">{m.wizard_cover()}</h3>
              {draft.coverImage ? (
                <img
                  src={draft.coverImage}
                  alt={m.wizard_cover_art()}
                  className="img-fluid rounded"
                  width={300}
                  height={300}
                />
              ) : (
                <p className="text-secondary small mb-0">{m.wizard_no_cover()}</p>
              )}
              <h3 className="h6 mt-3">{m.wizard_audio_file()}</h3>
              <p className="small mb-0 text-break">
                {draft.audioUrl
                  ? `${draft.audioName} · ${formatDuration(draft.duration)} · ${(draft.audioSize / MB).toFixed(2)} MB`
                  : m.wizard_no_audio()}
              </p>
            </div>
          </section>
        </div>
        <div className="col-md-8">
          <section className="card surface-card mb-3">
            <div className="card-body">
              <h3 className="h6">{m.wizard_track_details()}</h3>
              <Rows
                rows={[
                  [m.wizard_title(), draft.title || '—'],
                  [m.wizard_label(), draft.label || '—'],
                  [m.wizard_genre(), draft.genre ? genreName(draft.genre) : '—'],
                  [m.wizard_description(), draft.description || '—'],
                  [m.wizard_language(), draft.language ? languageName(draft.language) : '—'],
                  [
                    m.wizard_previously_released(),
                    draft.releasedBefore
                      ? draft.previousReleaseDate
                        ? formatDay(draft.previousReleaseDate)
                        : m.wizard_yes()
                      : m.wizard_no(),
                  ],
                  [m.wizard_recording_year(), String(draft.recordingYear)],
                  ['ISRC', draft.isrc || '—'],
                  [
                    m.wizard_lyrics(),
                    draft.hasLyrics
                      ? draft.lyricsLanguage
                        ? languageName(draft.lyricsLanguage)
                        : m.wizard_yes()
                      : m.wizard_no(),
                  ],
                  [m.wizard_content_type(), contentTypeName(draft.contentType)],
                  [m.wizard_track_origin(), trackOriginName(draft.trackOrigin)],
                ]}
              />
            </div>
          </section>
          <section className="card surface-card mb-3">
            <div className="card-body">
              <h3 className="h6">{m.wizard_release_schedule()}</h3>
              <Rows
                rows={[
                  [
                    m.wizard_release(),
                    draft.releaseASAP
                      ? m.wizard_release_on_submit()
                      : draft.releaseDate
                        ? draft.midnightRelease
                          ? m.wizard_release_local_midnight({ day: formatDay(draft.releaseDate) })
                          : m.wizard_release_utc_midnight({ day: formatDay(draft.releaseDate) })
                        : m.wizard_no_date(),
                  ],
                  [m.wizard_midnight(), yesNo(draft.midnightRelease)],
                ]}
              />
              <h3 className="h6 mt-3">{m.wizard_additional_settings()}</h3>
              <Rows
                rows={[
                  [m.wizard_content_protection(), yesNo(draft.contentProtection)],
                  [m.wizard_presave_short(), yesNo(draft.enablePreSave && !draft.releaseASAP)],
                  [
                    m.wizard_tiktok(),
                    draft.tikTokStartTime === '' ? '—' : m.wizard_seconds({ n: Number(draft.tikTokStartTime) }),
                  ],
                ]}
              />
            </div>
          </section>
          <section className="card surface-card">
            <div className="card-body">
              <h3 className="h6">{m.wizard_credits()}</h3>
              <Credits title={m.wizard_artist_roles()} items={draft.artistRoles} second="role" />
              <Credits title={m.wizard_production_credits()} items={draft.productionCredits} second="role" />
              <Credits title={m.wizard_songwriter_credits()} items={draft.songwriterCredits} second="contribution" />
            </div>
          </section>
        </div>
      </div>
      <p className="alert alert-secondary mt-3 mb-0 small" role="note">
        {m.wizard_review_notice()}
      </p>
    </>
  );
}
