import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { checkFields } from '../../../api/validation/rules.ts';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import type { Section } from '../../content/blocks.ts';
import type { ContentBlockJSON } from '../../content/models.ts';
import { MAX_LENGTH, contentRequired, contentRules, tooLong } from '../../content/rules.ts';
import * as m from '../../../lib/i18n/messages.ts';

const TABS: Array<[Section, () => string]> = [
  ['hero', m.content_tab_hero],
  ['mission', m.content_tab_mission],
  ['how_it_works', m.content_tab_how],
];

function BlockForm({ block }: { block: ContentBlockJSON }) {
  const [value, setValue] = useState(block.value);
  const [saved, setSaved] = useState(block.value);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const id = `block-${block.key}`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      checkFields(contentRules, { value }, contentRequired).value ??
      (value.trim().length > MAX_LENGTH[block.type] ? tooLong(block.type) : '');
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      const updated = await apiRequest<ContentBlockJSON>('PATCH', `/api/content/${block.id}`, { value });
      setValue(updated.value);
      setSaved(updated.value);
      toast({ title: m.content_updated(), description: m.content_saved({ label: block.label }), variant: 'success' });
    } catch (failure) {
      toast({
        title: m.content_update_failed(),
        description: messageOf(failure, m.content_not_saved()),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Form noValidate onSubmit={save} className="surface-card p-3 mb-3" aria-label={block.label}>
      <Form.Group controlId={id}>
        <Form.Label className="fw-bold mb-0">{block.label}</Form.Label>
        <Form.Text as="p" className="d-block text-secondary mt-0 mb-2" id={`${id}-help`}>
          {block.description}
        </Form.Text>
        <LimitedText
          rows={block.type === 'textarea' ? 3 : undefined}
          max={MAX_LENGTH[block.type]}
          value={value}
          isInvalid={!!error}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
          onChange={setValue}
        />
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" className="btn-gold mt-2" size="sm" disabled={pending || value === saved}>
        {pending ? m.content_saving() : m.content_save()}
      </Button>
    </Form>
  );
}

export default function ContentEditor({ blocks }: { blocks: ContentBlockJSON[] }) {
  return (
    <Tabs defaultActiveKey="hero" id="content-tabs" className="mb-3">
      {TABS.map(([section, title]) => (
        <Tab eventKey={section} title={title()} key={section}>
          {blocks
            .filter((b) => b.section === section)
            .map((block) => (
              <BlockForm key={block.id} block={block} />
            ))}
        </Tab>
      ))}
    </Tabs>
  );
}
