import DOMPurify from 'dompurify';

let hooked = false;

/**
 * Server HTML (help, legal pages, product descriptions) made safe to render (DESIGN.md section 4):
 * no scripts, no event handlers, no javascript: or data: links (DOMPurify still lets data:image sources
 * through <img>, which cannot run script), no SVG or MathML, no forms or frames.
 * Links open in a new tab without access to this page.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: [
      'style',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'object',
      'embed',
      'base',
      'meta',
      'link',
    ],
    FORBID_ATTR: ['style', 'srcset'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i,
  });
}
