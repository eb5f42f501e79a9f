import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { LimitedText } from '../../../../site/components/LimitedText.tsx';
import type { ReleaseDraft } from '../../form.ts';
import type { Credit } from '../../metadata.ts';
import { CREDIT_LIMITS, CREDIT_MESSAGES } from '../../rules.ts';
import { focusFirstField } from '../../../../site/lib/useDialogs.tsx';

// Spec §2 step 3: Artist Roles, Production Credits and Songwriter Credits, each with an add dialog
// (name and role; songwriters need a name only) and a remove button per item.

interface CardProps {
  title: string;
  /** The add button's label, e.g. Add Artist Role. */
  addLabel: string;
  /** 'role' for artist roles and production; 'contribution' (optional) for songwriters. */
  second: 'role' | 'contribution';
  secondLabel: string;
  items: Credit[];
  onChange(items: Credit[]): void;
}

function CreditCard({ title, addLabel, second, secondLabel, items, onChange }: CardProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [other, setOther] = useState('');
  const [errors, setErrors] = useState<{ name?: string; other?: string }>({});
  const id = title.toLowerCase().replace(/\W+/g, '-');

  const add = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!name.trim()) found.name = CREDIT_MESSAGES.name;
    if (second === 'role' && !other.trim()) found.other = CREDIT_MESSAGES.role;
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
          <p className="text-secondary small mb-0">None added yet.</p>
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
                  aria-label={`Remove ${item.name}`}
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                >
                  Remove
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
          <Modal.Header closeButton>
            <Modal.Title id={`${id}-dialog`}>Add {title}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <Form.Group className="mb-3" controlId={`${id}-name`}>
              <Form.Label>Name</Form.Label>
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
              Cancel
            </Button>
            <Button type="submit" className="btn-gold">
              Add
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
        title="Artist Roles"
        addLabel="Add Artist Role"
        second="role"
        secondLabel="Role"
        items={draft.artistRoles}
        onChange={(artistRoles) => update({ artistRoles })}
      />
      <CreditCard
        title="Production Credits"
        addLabel="Add Production Credit"
        second="role"
        secondLabel="Role"
        items={draft.productionCredits}
        onChange={(productionCredits) => update({ productionCredits })}
      />
      <CreditCard
        title="Songwriter Credits"
        addLabel="Add Songwriter"
        second="contribution"
        secondLabel="Contribution (optional)"
        items={draft.songwriterCredits}
        onChange={(songwriterCredits) => update({ songwriterCredits })}
      />
    </div>
  );
}
