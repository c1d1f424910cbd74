import { useMemo } from 'react';
import { sanitizeHtml } from '../../../shared/lib/sanitize-html';

/**
 * Server HTML shown as readable text. It is always sanitized first (DESIGN.md section 4): scripts,
 * event handlers, javascript: links, frames, forms and SVG never reach the DOM.
 */
export function RichText({ html, className }: { html: string | null | undefined; className?: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  // The only place support renders HTML, and only what sanitizeHtml returned.
  return <div className={`rich-text ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: safe }} />;
}
