import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useOnline } from '../lib/use-online';

/*
 * Empty and error blocks are drawn here rather than with antd-mobile's ErrorBlock: its built-in
 * illustrations weigh about 10 KiB gzip, and every first screen (Home included) imports these states.
 */
function StateIllustration({ kind }: { kind: 'empty' | 'error' }) {
  return (
    <svg className="state__art" viewBox="0 0 96 72" width="96" height="72" aria-hidden="true" focusable="false">
      <ellipse cx="48" cy="64" rx="36" ry="5" fill="var(--line)" />
      {kind === 'empty' ? (
        <>
          <path
            d="M20 28 48 16l28 12v26L48 66 20 54Z"
            fill="var(--canvas)"
            stroke="var(--muted-mark)"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path
            d="M20 28l28 12 28-12M48 40v26"
            fill="none"
            stroke="var(--muted-mark)"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </>
      ) : (
        <>
          <circle cx="48" cy="36" r="24" fill="var(--canvas)" stroke="var(--muted-mark)" strokeWidth="2" />
          <path d="M48 23v17" stroke="var(--brand)" strokeWidth="4" strokeLinecap="round" />
          <circle cx="48" cy="48" r="2.8" fill="var(--brand)" />
        </>
      )}
    </svg>
  );
}

/** A block with an illustration, a title and an optional description. */
export function StateBlock({
  kind,
  title,
  description,
  children,
}: {
  kind: 'empty' | 'error';
  title: React.ReactNode;
  description?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div className={`state state--${kind}`}>
      <StateIllustration kind={kind} />
      <p className="state__title">{title}</p>
      {description ? <p className="state__description">{description}</p> : null}
      {children}
    </div>
  );
}

/** Loading state of a screen or a block. */
export function LoadingState({ label }: { label?: string }) {
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <DotLoading color="primary" />
      <span className="visually-hidden">{label ?? <FormattedMessage id="common.loading" />}</span>
    </div>
  );
}

/** Nothing to show. */
export function EmptyState({ title, description }: { title?: React.ReactNode; description?: React.ReactNode }) {
  return <StateBlock kind="empty" title={title ?? <FormattedMessage id="common.empty" />} description={description} />;
}

export interface EmptyStateLinkProps {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Where the link goes (a path from shared/config/paths). */
  to: string;
  /** The link's text, translated. */
  action: React.ReactNode;
  /** Replace the current history entry (leaving a screen that has nothing to show). */
  replace?: boolean;
  /** A filled button (the main way on, e.g. 'Browse products') instead of an outlined one. */
  primary?: boolean;
}

/**
 * Nothing to show here, with one way on: an empty list with a link to browse, or a not-found or
 * not-allowed state with the way back (e.g. 'Order not found' and 'Go to my orders').
 */
export function EmptyStateLink({ title, description, to, action, replace, primary }: EmptyStateLinkProps) {
  return (
    <div className="state-link">
      <EmptyState title={title} description={description} />
      <Link
        className={`button state-link__action ${primary ? 'state-link__action--primary' : 'button--outline state-link__action--outline'}`}
        to={to}
        replace={replace}
      >
        {action}
      </Link>
    </div>
  );
}

/** 'Try again' under a state that a new attempt may change; nothing without a handler. */
function RetryButton({ onRetry }: { onRetry?: () => void }) {
  if (!onRetry) return null;
  return (
    <button type="button" className="button button--ghost" onClick={onRetry}>
      <FormattedMessage id="common.retry" />
    </button>
  );
}

/**
 * A screen that needs the network while the browser is offline: wallet and payment screens show this
 * rather than what they last knew (a stale balance must not pass for the current one).
 */
export function OfflineState({ onRetry }: { onRetry?: () => void }) {
  return (
    <div role="status" className="state-offline">
      <StateBlock
        kind="error"
        title={<FormattedMessage id="common.offline" />}
        description={<FormattedMessage id="common.offlineNeedsNetwork" />}
      >
        <RetryButton onRetry={onRetry} />
      </StateBlock>
    </div>
  );
}

/**
 * A failed load, with the request layer's translated message and a retry. Offline, it says so: what
 * failed was not in the service worker's cache. Only the request layer's errors (which carry a `kind`)
 * show their message: anything else thrown on the way (a JavaScript error's English text) is not for
 * the shopper. `title` replaces 'Could not load this' (the route's error boundary).
 */
export function ErrorState({ error, onRetry, title }: { error?: unknown; onRetry?: () => void; title?: ReactNode }) {
  const online = useOnline();
  const failure = error as { message?: string; kind?: string } | undefined;
  const message = failure?.kind ? failure.message : undefined;
  return (
    <div role="alert">
      <StateBlock
        kind="error"
        title={
          online ? (title ?? <FormattedMessage id="common.loadFailed" />) : <FormattedMessage id="common.offline" />
        }
        description={online ? message : <FormattedMessage id="common.offlineNotSaved" />}
      >
        <RetryButton onRetry={onRetry} />
      </StateBlock>
    </div>
  );
}
