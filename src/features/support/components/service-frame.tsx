import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import LinkOutline from 'antd-mobile-icons/es/LinkOutline';
import { EmptyState } from '../../../shared/ui/states';
import { safeHttpUrl } from '../../../shared/lib/safe-url';

/**
 * How long the frame may take before the fallback shows. An iframe's error event does not fire for a
 * refused or unreachable page (the browser loads its own error page instead), so "no load event in
 * time" is the only signal there is; the 'open in a new tab' link is always there for the rest.
 */
export const SERVICE_LOAD_TIMEOUT_MS = 8000;

type FrameStatus = 'loading' | 'loaded' | 'timedOut';

/**
 * The frame's sandbox. A page of this app's own origin (the reference server's service page) gets
 * no allow-same-origin: with allow-scripts too it could lift its own sandbox and reach the app around
 * it, so it runs in an opaque origin (it needs no storage). A page of another origin (a chat service
 * of another backend) keeps its own origin, which it may need for its storage, and cannot reach
 * this one. allow-forms: without it the page's message form fires no submit event.
 */
function serviceSandbox(src: string): string {
  const sameOrigin = typeof window !== 'undefined' && new URL(src).origin === window.location.origin;
  return sameOrigin
    ? 'allow-scripts allow-forms allow-popups'
    : 'allow-scripts allow-forms allow-same-origin allow-popups';
}

/** A customer-service page inside the app, filling the screen, with a loading state and a fallback. */
export function ServiceFrame({ url, title }: { url: string; title: string }) {
  const src = safeHttpUrl(url);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<{ key: string; value: FrameStatus }>({ key: '', value: 'loading' });
  const frameKey = `${src}#${attempt}`;
  // A new URL or a retry starts loading again (state derived from props during render).
  const current: FrameStatus = status.key === frameKey ? status.value : 'loading';
  if (status.key !== frameKey) setStatus({ key: frameKey, value: 'loading' });

  useEffect(() => {
    if (!src) return;
    const timer = setTimeout(
      () => setStatus((now) => (now.key === frameKey && now.value === 'loading' ? { ...now, value: 'timedOut' } : now)),
      SERVICE_LOAD_TIMEOUT_MS,
    );
    return () => clearTimeout(timer);
  }, [src, frameKey]);

  if (!src) {
    return <EmptyState title={<FormattedMessage id="support.service.unavailable" />} />;
  }

  const newTab = (
    <a className="service__new-tab" href={src} target="_blank" rel="noopener noreferrer">
      <LinkOutline aria-hidden />
      <FormattedMessage id="support.service.openNewTab" />
    </a>
  );

  return (
    <div className="service">
      <div className="service__bar">
        <span className="service__bar-text">
          <FormattedMessage id="support.service.trouble" />
        </span>
        {newTab}
      </div>
      <div className="service__stage" aria-busy={current === 'loading'}>
        <iframe
          key={frameKey}
          className="service__frame"
          src={src}
          title={title}
          sandbox={serviceSandbox(src)}
          referrerPolicy="no-referrer"
          onLoad={() => setStatus({ key: frameKey, value: 'loaded' })}
        />
        {current === 'loading' && (
          <div className="service__overlay" role="status">
            <DotLoading color="primary" />
            <span>
              <FormattedMessage id="support.service.loading" />
            </span>
          </div>
        )}
        {current === 'timedOut' && (
          <div className="service__overlay service__overlay--failed" role="alert">
            <p className="service__failed-title">
              <FormattedMessage id="support.service.failedTitle" />
            </p>
            <p className="service__failed-text">
              <FormattedMessage id="support.service.failedText" />
            </p>
            <a className="button" href={src} target="_blank" rel="noopener noreferrer">
              <FormattedMessage id="support.service.openNewTab" />
            </a>
            <button type="button" className="button button--ghost" onClick={() => setAttempt((n) => n + 1)}>
              <FormattedMessage id="common.retry" />
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
