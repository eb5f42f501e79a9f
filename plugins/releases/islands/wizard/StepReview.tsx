import { formatDuration, missingFields, type ReleaseDraft } from '../../form.ts';
import { CONTENT_TYPE_LABELS, MB } from '../../rules.ts';
import { formatDay } from '../../schedule.ts';
import type { Credit } from '../../metadata.ts';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const LOCAL_MIDNIGHT = "00:00 in each listener's time zone";

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
        <p className="small text-secondary mb-0">None</p>
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
          <strong>Missing Required Fields</strong>
          <ul className="mb-0 mt-1">
            {missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="d-flex align-items-center gap-2 mb-3">
        {/* Bootstrap's own pairs of background and text colour: react-bootstrap's bg="warning" names a
            utility the theme does not build, which left dark text on the dark card. */}
        <span className={`badge release-badge ${draft.isMonthlyDrop ? 'text-bg-warning' : 'text-bg-secondary'}`}>
          {draft.isMonthlyDrop ? 'MONTHLY DROP' : 'REGULAR UPLOAD'}
        </span>
      </div>
      <div className="row g-3">
        <div className="col-md-4">
          <section className="card surface-card h-100">
            <div className="card-body">
              <h3 className="h6">Cover</h3>
              {draft.coverImage ? (
                <img src={draft.coverImage} alt="Cover art" className="img-fluid rounded" width={300} height={300} />
              ) : (
                <p className="text-secondary small mb-0">No cover chosen</p>
              )}
              <h3 className="h6 mt-3">Audio File</h3>
              <p className="small mb-0 text-break">
                {draft.audioUrl
                  ? `${draft.audioName} · ${formatDuration(draft.duration)} · ${(draft.audioSize / MB).toFixed(2)} MB`
                  : 'No audio chosen'}
              </p>
            </div>
          </section>
        </div>
        <div className="col-md-8">
          <section className="card surface-card mb-3">
            <div className="card-body">
              <h3 className="h6">Track Details</h3>
              <Rows
                rows={[
                  ['Title', draft.title || '—'],
                  ['Label', draft.label || '—'],
                  ['Genre', draft.genre || '—'],
                  ['Description', draft.description || '—'],
                  ['Language', draft.language || '—'],
                  [
                    'Previously Released',
                    draft.releasedBefore
                      ? draft.previousReleaseDate
                        ? formatDay(draft.previousReleaseDate)
                        : 'Yes'
                      : 'No',
                  ],
                  ['Recording Year', String(draft.recordingYear)],
                  ['ISRC', draft.isrc || '—'],
                  ['Lyrics', draft.hasLyrics ? draft.lyricsLanguage || 'Yes' : 'No'],
                  [
                    'Content Type',
                    CONTENT_TYPE_LABELS[draft.contentType as keyof typeof CONTENT_TYPE_LABELS] ?? draft.contentType,
                  ],
                  ['Track Origin', draft.trackOrigin],
                ]}
              />
            </div>
          </section>
          <section className="card surface-card mb-3">
            <div className="card-body">
              <h3 className="h6">Release Schedule</h3>
              <Rows
                rows={[
                  [
                    'Release',
                    draft.releaseASAP
                      ? 'As soon as you submit'
                      : draft.releaseDate
                        ? `${formatDay(draft.releaseDate)}, ${draft.midnightRelease ? LOCAL_MIDNIGHT : '00:00 UTC'}`
                        : 'No date chosen',
                  ],
                  ['Midnight Release', yesNo(draft.midnightRelease)],
                ]}
              />
              <h3 className="h6 mt-3">Additional Settings</h3>
              <Rows
                rows={[
                  ['Content ID Protection', yesNo(draft.contentProtection)],
                  ['Pre-Save', yesNo(draft.enablePreSave && !draft.releaseASAP)],
                  ['TikTok Start Time', draft.tikTokStartTime === '' ? '—' : `${draft.tikTokStartTime} s`],
                ]}
              />
            </div>
          </section>
          <section className="card surface-card">
            <div className="card-body">
              <h3 className="h6">Credits</h3>
              <Credits title="Artist Roles" items={draft.artistRoles} second="role" />
              <Credits title="Production Credits" items={draft.productionCredits} second="role" />
              <Credits title="Songwriter Credits" items={draft.songwriterCredits} second="contribution" />
            </div>
          </section>
        </div>
      </div>
      <p className="alert alert-secondary mt-3 mb-0 small" role="note">
        Once submitted, the audio cannot be modified. Metadata can be updated after release.
      </p>
    </>
  );
}
