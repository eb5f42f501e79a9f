// Spec §2 Step 3: the Audio Analysis Results dialog. The release wizard renders it after Analyze (AI)
// and decides what Apply to Track copies into the form (key, BPM, moods).
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { AudioInsights } from '../types.ts';

export interface AnalysisResultsDialogProps {
  show: boolean;
  onHide(): void;
  insights: AudioInsights | null;
  onApply(insights: AudioInsights): void;
}

/** Spec §3 allows mood as a list or a single value. */
function joined(value: string[] | string | null | undefined): string {
  if (Array.isArray(value)) return value.join(', ');
  return value ?? '';
}

function ListOrFallback({ items, fallback }: { items: string[] | undefined; fallback: string }) {
  if (!items?.length) return <span>{fallback}</span>;
  return (
    <ul className="mb-0 ps-3">
      {items.map((item) => <li key={item}>{item}</li>)}
    </ul>
  );
}

/** How sure the measurement is, e.g. " · 87 % confidence"; nothing when it was not measured. */
function confidence(value: number | null | undefined): string {
  return value == null ? '' : ` · ${Math.round(Math.max(0, Math.min(1, value)) * 100)} % confidence`;
}

export default function AnalysisResultsDialog({ show, onHide, insights, onApply }: AnalysisResultsDialogProps) {
  const measured = insights?.measurements;
  const rows: Array<[string, string]> = [
    ['Tempo', insights?.bpm ? `${Math.round(insights.bpm)} BPM${confidence(measured?.tempoConfidence)}` : 'Unknown'],
    ['Key', insights?.key ? `${insights.key}${confidence(measured?.key?.confidence)}` : 'Unknown'],
    ['Genre', insights?.genre || 'Unknown'],
    ['Instruments', joined(insights?.instruments) || 'None detected'],
    ['Mood', joined(insights?.mood) || 'Unknown'],
    ['Dynamic Range', insights?.dynamicRange || 'Not analyzed'],
    ['Frequency Balance', insights?.frequencyBalance || 'Not analyzed'],
    ['Production Style', insights?.productionStyle || 'Not analyzed'],
  ];
  return (
    <Modal show={show} onHide={onHide} centered size="lg" scrollable aria-labelledby="analysis-results-title">
      <Modal.Header closeButton>
        <Modal.Title id="analysis-results-title">Audio Analysis Results</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <dl className="row mb-0">
          {rows.map(([label, value]) => [
            <dt key={`${label}-label`} className="col-sm-4 text-secondary fw-normal">{label}</dt>,
            <dd key={`${label}-value`} className="col-sm-8">{value}</dd>,
          ])}
        </dl>
        <section aria-labelledby="analysis-strengths" className="mt-3">
          <h3 id="analysis-strengths" className="h6 text-gold">Creative Strengths</h3>
          <ListOrFallback items={insights?.creativeStrengths} fallback="None detected" />
        </section>
        <section aria-labelledby="analysis-improvements" className="mt-3">
          <h3 id="analysis-improvements" className="h6 text-gold">Potential Improvements</h3>
          <ListOrFallback items={insights?.potentialImprovements} fallback="None detected" />
        </section>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-light" onClick={onHide}>Close</Button>
        <Button className="btn-gold" disabled={!insights} onClick={() => insights && onApply(insights)}>Apply to Track</Button>
      </Modal.Footer>
    </Modal>
  );
}
