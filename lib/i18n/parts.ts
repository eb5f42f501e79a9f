/** A piece of a message: its own text, or the place of one of its values. */
export type Part<K extends string> = { text: string } | { value: K };

/**
 * A message cut around some of its values, so that markup (a `<code>`, a `<strong>`) can wrap them
 * wherever the language puts them, without building the sentence from pieces.
 */
export function messageParts<K extends string>(write: (values: Record<K, string>) => string, names: K[]): Part<K>[] {
  const marks = Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE000`])) as Record<K, string>;
  return write(marks)
    .split(/\uE000(\d+)\uE000/)
    .map((piece, i) => (i % 2 ? { value: names[Number(piece)] } : { text: piece }))
    .filter((part) => !('text' in part) || part.text !== '');
}
