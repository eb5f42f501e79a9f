import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { LimitedText } from '../../../../site/components/LimitedText.tsx';
import type { ReleaseDraft } from '../../form.ts';
import type { Credit } from '../../metadata.ts';
import { CREDIT_LIMITS } from '../../rules.ts';
import * as m from '../../../../lib/i18n/messages.ts';
import { focusFirstField } from '../../../../site/lib/useDialogs.tsx';

// Spec §2 step 3: Artist Roles, Production Credits and Songwriter Credits, each with an add dialog
// (name and role; songwriters need a name only) and a remove button per item.

interface CardProps {
  /** Stable whatever the language: the ids of the card's heading, dialog and fields start with it. */
  id: string;
  title: string;
  dialogTitle: string;
  /** The add button's label, e.g. Add Artist Role. */
  addLabel: string;
  /** 'role' for artist roles and production; 'contribution' (optional) for songwriters. */
  second: 'role' | 'contribution';
  secondLabel: string;
  items: Credit[];
  onChange(items: Credit[]): void;
}

function CreditCard({ id, title, dialogTitle, addLabel, second, secondLabel, items, onChange }: CardProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [other, setOther] = useState('');
  const [errors, setErrors] = useState<{ name?: string; other?: string }>({});

  const add = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!name.trim()) found.name = m.wizard_name_required();
    if (second === 'role' && !other.trim()) found.other = m.wizard_role_required();
    setErrors(found);
    if (Object.keys(found).length) return;
    onChange([...items, other.trim() ? { name: name.trim(), [second]: other.trim() } : { name: name.trim() }]);
    setName('');
    setOther('');
    setOpen(false);
  };

  return (
    <section className="card surface-card mb-3" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <div className="d-flex justify-content-between align-items-center mb-2">
          <h3 className="h6 mb-0" id={`${id}-title`}>
            {title}
          </h3>
          <Button
            size="sm"
            variant="outline-light"
            onClick={() => setOpen(true)}
            disabled={items.length >= CREDIT_LIMITS.items}
          >
            {addLabel}
          </Button>
        </div>
        {items.length === 0 ? (
          <p className="text-secondary small mb-0">{m.wizard_credit_none()}</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {items.map((item, index) => (
              <li
                key={`${item.name}-${index}`}
                className="d-flex justify-content-between align-items-center py-1 credit-item"
              >
                <span>
                  {item.name}
                  {item[second] && <span className="text-secondary"> · {item[second]}</span>}
                </span>
                <Button
                  size="sm"
                  variant="link"
                  className="text-danger"
                  aria-label={m.wizard_credit_remove({ name: item.name })}
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                >
                  {m.wizard_remove()}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Modal
        show={open}
        onHide={() => setOpen(false)}
        centered
        aria-labelledby={`${id}-dialog`}
        onEntered={focusFirstField}
      >
        <Form noValidate onSubmit={add}>
          <Modal.Header closeButton closeLabel={m.dialog_close()}>
            <Modal.Title id={`${id}-dialog`}>{dialogTitle}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <Form.Group className="mb-3" controlId={`${id}-name`}>
              <Form.Label>{m.wizard_credit_name()}</Form.Label>
              <LimitedText
                value={name}
                max={CREDIT_LIMITS.name}
                isInvalid={!!errors.name}
                onChange={setName}
                autoFocus
              />
              <Form.Control.Feedback type="invalid">{errors.name}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group controlId={`${id}-${second}`}>
              <Form.Label>{secondLabel}</Form.Label>
              <LimitedText value={other} max={CREDIT_LIMITS.role} isInvalid={!!errors.other} onChange={setOther} />
              <Form.Control.Feedback type="invalid">{errors.other}</Form.Control.Feedback>
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-light" onClick={() => setOpen(false)}>
              {m.common_cancel()}
            </Button>
            <Button type="submit" className="btn-gold">
              {m.wizard_credit_add()}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </section>
  );
}

type Credits = Pick<ReleaseDraft, 'artistRoles' | 'productionCredits' | 'songwriterCredits'>;

/** The three credit lists of a draft (the wizard's track step, the edit form). */
export function CreditCards({ draft, update }: { draft: Credits; update(patch: Partial<Credits>): void }) {
  return (
    <div className="credit-cards">
      <CreditCard
        id="artist-roles"
        title={m.wizard_artist_roles()}
        dialogTitle={m.wizard_add_artist_roles_title()}
        addLabel={m.wizard_add_artist_role()}
        second="role"
        secondLabel={m.wizard_credit_role()}
        items={draft.artistRoles}
        onChange={(artistRoles) => update({ artistRoles })}
      />
      <CreditCard
        id="production-credits"
        title={m.wizard_production_credits()}
        dialogTitle={m.wizard_add_production_credits_title()}
        addLabel={m.wizard_add_production_credit()}
        second="role"
        secondLabel={m.wizard_credit_role()}
        items={draft.productionCredits}
        onChange={(productionCredits) => update({ productionCredits })}
      />
      <CreditCard
        id="songwriter-credits"
        title={m.wizard_songwriter_credits()}
        dialogTitle={m.wizard_add_songwriter_credits_title()}
        addLabel={m.wizard_add_songwriter()}
        second="contribution"
        secondLabel={m.wizard_credit_contribution()}
        items={draft.songwriterCredits}
        onChange={(songwriterCredits) => update({ songwriterCredits })}
      />
    </div>
  );
}
