type Politeness = 'status' | 'alert';

const regions: Partial<Record<Politeness, HTMLElement>> = {};

function region(kind: Politeness): HTMLElement {
  const existing = regions[kind];
  if (existing && existing.isConnected) return existing;
  const element = document.createElement('div');
  element.setAttribute('role', kind);
  element.setAttribute('aria-live', kind === 'alert' ? 'assertive' : 'polite');
  element.setAttribute('aria-atomic', 'true');
  element.className = 'visually-hidden';
  element.dataset.liveRegion = kind;
  document.body.appendChild(element);
  regions[kind] = element;
  return element;
}

/**
 * Puts a message where screen readers announce it: role=status (polite) for news, role=alert
 * (assertive) for failures. The same text twice in a row is announced twice.
 */
export function announce(message: string, kind: Politeness = 'status'): void {
  if (typeof document === 'undefined') return;
  const element = region(kind);
  element.textContent = '';
  // A separate task so assistive technology notices the change even for a repeated message.
  setTimeout(() => {
    element.textContent = message;
  }, 30);
}
