// Spec §2 Step 3: the Audio Analysis Results dialog. The release wizard renders it after Analyze (AI)
// and decides what Apply to Track copies into the form (key, BPM, moods).
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { analysisRows } from '../analysisRows.ts';
import type { AudioInsights } from '../types.ts';
import * as m from '../../../lib/i18n/messages.ts';

export interface AnalysisResultsDialogProps {
  show: boolean;
  onHide(): void;
  insights: AudioInsights | null;
  onApply(insights: AudioInsights): void;
}

function ListOrFallback({ items, fallback }: { items: string[] | undefined; fallback: string }) {
  if (!items?.length) return <span>{fallback}</span>;
  return (
    <ul className="mb-0 ps-3">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export default function AnalysisResultsDialog({ show, onHide, insights, onApply }: AnalysisResultsDialogProps) {
  const rows = analysisRows(insights);
  return (
    <Modal show={show} onHide={onHide} centered size="lg" scrollable aria-labelledby="analysis-results-title">
      <Modal.Header closeButton closeLabel={m.dialog_close()}>
        <Modal.Title id="analysis-results-title">{m.ai_results()}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <dl className="row mb-0">
          {rows.map(([label, value]) => [
            <dt key={`${label}-label`} className="col-sm-4 text-secondary fw-normal">
              {label}
            </dt>,
            <dd key={`${label}-value`} className="col-sm-8">
              {value}
            </dd>,
          ])}
        </dl>
        <section aria-labelledby="analysis-strengths" className="mt-3">
          <h3 id="analysis-strengths" className="h6 text-gold">
            {m.ai_strengths()}
          </h3>
          <ListOrFallback items={insights?.creativeStrengths} fallback={m.ai_none_detected()} />
        </section>
        <section aria-labelledby="analysis-improvements" className="mt-3">
          <h3 id="analysis-improvements" className="h6 text-gold">
            {m.ai_improvements()}
          </h3>
          <ListOrFallback items={insights?.potentialImprovements} fallback={m.ai_none_detected()} />
        </section>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-light" onClick={onHide}>
          {m.dialog_close()}
        </Button>
        <Button className="btn-gold" disabled={!insights} onClick={() => insights && onApply(insights)}>
          {m.ai_apply()}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
