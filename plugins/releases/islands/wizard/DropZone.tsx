import { useRef, useState, type ReactNode } from 'react';

/** A drag-and-drop area that is also a button opening the file picker (keyboard included). */
export function DropZone(props: {
  id: string;
  label: string;
  accept: string;
  hint: ReactNode;
  disabled?: boolean;
  onFile(file: File): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <div
      className={`drop-zone${over ? ' drop-zone-over' : ''}`}
      role="button"
      tabIndex={0}
      aria-label={props.label}
      aria-disabled={props.disabled}
      onClick={() => !props.disabled && input.current?.click()}
      onKeyDown={(e) => {
        if ((e.key === 'Enter' || e.key === ' ') && !props.disabled) {
          e.preventDefault();
          input.current?.click();
        }
      }}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer.files[0];
        if (file && !props.disabled) props.onFile(file);
      }}
    >
      <p className="mb-1 fw-semibold">{props.label}</p>
      <div className="text-secondary small">{props.hint}</div>
      <input
        ref={input}
        id={props.id}
        type="file"
        accept={props.accept}
        className="visually-hidden"
        aria-label={props.label}
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) props.onFile(file);
        }}
      />
    </div>
  );
}
