// RFC 4180 CSV: fields with a comma, a quote or a line break are quoted, quotes doubled, lines end in CRLF.

function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: Array<Array<string | number>>): string {
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
