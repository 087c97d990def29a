/** The longest selector a beacon carries for an element (web-vitals' attribution uses 100 too). */
const maxSelectorLength = 100;

/**
 * A short CSS-like path naming an element, as web-vitals' attribution build writes one
 * (`main#main>section.hero>img`): from the element up to the nearest id, at most 100 characters.
 * Undefined for no element.
 */
export function selectorOf(node: Node | null | undefined): string | undefined {
  let selector = '';
  for (let current = node; current && current.nodeType !== Node.DOCUMENT_NODE;) {
    const element = current as Element;
    const classes = element.classList?.value.trim();
    const part = element.id
      ? `#${element.id}`
      : current.nodeType === Node.ELEMENT_NODE
        ? `${current.nodeName.toLowerCase()}${classes ? `.${classes.replace(/\s+/g, '.')}` : ''}`
        : current.nodeName.toUpperCase().replace(/^#/, '');
    if (selector.length + part.length > maxSelectorLength - 1) return selector || part;
    selector = selector ? `${part}>${selector}` : part;
    if (element.id) break;
    current = current.parentNode;
  }
  return selector || undefined;
}
