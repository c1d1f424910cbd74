import { useMemo } from 'react';
import { sanitizeHtml } from '../../../shared/lib/sanitize-html';

/**
 * A product's HTML description, always sanitized first (DESIGN.md section 4): scripts, event
 * handlers, javascript: links, frames, forms and SVG never reach the DOM.
 */
export function ProductDescription({ html }: { html: string | null | undefined }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  // The only place the catalog renders HTML, and only what sanitizeHtml returned.
  return <div className="rich-text product-description" dangerouslySetInnerHTML={{ __html: safe }} />;
}
