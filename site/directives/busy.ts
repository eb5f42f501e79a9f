/**
 * Marks an element busy while a held interaction waits (a progress cursor; assistive technology hears it); the function
 * returned undoes it.
 */
export function busy(element: Element): () => void {
  const before = element.getAttribute('aria-busy');
  element.setAttribute('aria-busy', 'true');
  return () => (before === null ? element.removeAttribute('aria-busy') : element.setAttribute('aria-busy', before));
}
