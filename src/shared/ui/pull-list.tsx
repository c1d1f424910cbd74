import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { whenIdle } from '../lib/idle';
import { EmptyState, ErrorState, LoadingState } from './states';

type PullToRefreshComponent = typeof import('antd-mobile/es/components/pull-to-refresh').default;

/*
 * antd-mobile's PullToRefresh brings a gesture and a spring library (about 12 KiB gzip) that nobody
 * needs to see the first screen. It is loaded once the page is idle (or at the first touch, if that
 * comes sooner) and then wraps the list; until then the list renders plainly. The list itself is
 * rendered through a portal into one DOM node that moves into the wrapper when it arrives, so the
 * items never remount: a tap, the focus or a half-typed filter survive the switch.
 */
let pullToRefresh: PullToRefreshComponent | null = null;
let pullToRefreshLoading: Promise<PullToRefreshComponent> | null = null;
const loadPullToRefresh = () =>
  // The mark lets `npm run bench` tell first-screen code from code fetched afterwards at idle time.
  (pullToRefreshLoading ??= (performance.mark?.('idle-load:pull-to-refresh'),
  import(/* webpackChunkName: "pull-to-refresh" */ 'antd-mobile/es/components/pull-to-refresh')).then(
    (module) => (pullToRefresh = module.default),
  ));

function useDeferredPullToRefresh() {
  const [component, setComponent] = useState<PullToRefreshComponent | null>(() => pullToRefresh);
  const mounted = useRef(true);
  const load = useCallback(() => {
    void loadPullToRefresh().then((loaded) => {
      if (mounted.current) setComponent(() => loaded);
    });
  }, []);
  useEffect(() => {
    mounted.current = true;
    if (pullToRefresh) return;
    const cancel = whenIdle(load);
    return () => {
      mounted.current = false;
      cancel();
    };
  }, [load]);
  return { PullToRefresh: component, load: component ? undefined : load };
}

/** What had the focus inside a list node when the node left its slot (moving a node blurs it). */
const focusInside = new WeakMap<HTMLElement, HTMLElement>();

/** Where the list's own DOM node is attached: a plain block, or inside the pull-to-refresh wrapper. */
function ListSlot({ node }: { node: HTMLElement }) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = slot.current;
    if (!element) return;
    element.appendChild(node);
    const focused = focusInside.get(node);
    focusInside.delete(node);
    if (focused && node.contains(focused)) focused.focus({ preventScroll: true });
    return () => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && node.contains(active)) focusInside.set(node, active);
      if (node.parentNode === element) element.removeChild(node);
    };
  }, [node]);
  return <div ref={slot} />;
}

/** A page of a list as the API answers it (DESIGN.md section 3: `{count|total, list}`). */
export interface ListPage<T> {
  list: T[];
  count?: number;
  total?: number;
}

interface ListQueryResult<T> {
  data?: { data?: ListPage<T> | null } | undefined;
  isFetching: boolean;
  isError: boolean;
  isSuccess?: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** A generated RTK Query hook that takes page and limit. */
export type ListQueryHook<A, T> = (args: A & { page: number; limit: number }) => ListQueryResult<T>;

export interface PullListProps<A, T> {
  useListQuery: ListQueryHook<A, T>;
  args: A;
  limit?: number;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  empty?: ReactNode;
  /** Accessible name of the list. */
  label?: string;
}

interface ChunkState {
  loaded: boolean;
  size: number;
  failed: boolean;
}

function Chunk<A, T>({
  useListQuery,
  args,
  page,
  limit,
  itemKey,
  renderItem,
  onState,
  registerRefetch,
}: Pick<PullListProps<A, T>, 'useListQuery' | 'args' | 'itemKey' | 'renderItem'> & {
  page: number;
  limit: number;
  onState: (page: number, state: ChunkState) => void;
  registerRefetch: (page: number, refetch: () => unknown) => void;
}) {
  const result = useListQuery({ ...args, page, limit });
  const answered = result.data?.data?.list;
  const list = Array.isArray(answered) ? answered : undefined;
  const loaded = Boolean(list) && !result.isFetching;
  // A page that came without a list (a backend breaking the contract) failed: it would load forever.
  const failed = result.isError || (result.isSuccess === true && !result.isFetching && !list);
  useEffect(() => {
    onState(page, { loaded, size: list?.length ?? 0, failed });
  }, [page, loaded, list?.length, failed, onState]);
  useEffect(() => registerRefetch(page, result.refetch), [page, result.refetch, registerRefetch]);
  // A page of items is drawn in a deferred render, which yields to the browser every few
  // milliseconds: a store update alone would draw it in one block (useSyncExternalStore).
  const shown = useDeferredValue(list);
  return (
    <>
      {shown?.map((item) => (
        <li key={itemKey(item)}>{renderItem(item)}</li>
      ))}
    </>
  );
}

/**
 * The shared pull-to-refresh list with a load-more footer (SPEC.md section 2). Each page is its own
 * RTK Query cache entry, so list data stays in the store; it never loads more while loading or when
 * the last page came back shorter than `limit`.
 */
export function PullList<A, T>({
  useListQuery,
  args,
  limit = 10,
  itemKey,
  renderItem,
  empty,
  label,
}: PullListProps<A, T>) {
  const intl = useIntl();
  const [pages, setPages] = useState(1);
  const [states, setStates] = useState<Record<number, ChunkState>>({});
  const refetchers = useRef(new Map<number, () => unknown>());
  const sentinel = useRef<HTMLDivElement>(null);
  const argsKey = JSON.stringify(args);

  // New arguments (a filter, a search) start again from page 1: state derived during render.
  const [seenArgs, setSeenArgs] = useState(argsKey);
  if (seenArgs !== argsKey) {
    setSeenArgs(argsKey);
    setPages(1);
    setStates({});
  }

  const onState = useCallback((page: number, state: ChunkState) => {
    setStates((current) => {
      const previous = current[page];
      if (
        previous &&
        previous.loaded === state.loaded &&
        previous.size === state.size &&
        previous.failed === state.failed
      ) {
        return current;
      }
      return { ...current, [page]: state };
    });
  }, []);
  const registerRefetch = useCallback((page: number, refetch: () => unknown) => {
    refetchers.current.set(page, refetch);
  }, []);

  const last = states[pages];
  const loading = !last?.loaded && !last?.failed;
  const finished = Boolean(last?.loaded && last.size < limit);
  const firstEmpty = pages === 1 && last?.loaded && last.size === 0;

  const loadMore = useCallback(() => {
    if (!loading && !finished && !last?.failed) setPages((count) => count + 1);
  }, [loading, finished, last?.failed]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadMore]);

  const refresh = async () => {
    setPages(1);
    await refetchers.current.get(1)?.();
  };
  const { PullToRefresh, load } = useDeferredPullToRefresh();
  const [node] = useState(() => Object.assign(document.createElement('div'), { className: 'pull-list__body' }));

  const content = (
    <>
      <ul className="pull-list" aria-label={label} aria-busy={loading} onTouchStart={load}>
        {Array.from({ length: pages }, (_, index) => (
          <Chunk
            key={`${argsKey}:${index + 1}`}
            useListQuery={useListQuery}
            args={args}
            page={index + 1}
            limit={limit}
            itemKey={itemKey}
            renderItem={renderItem}
            onState={onState}
            registerRefetch={registerRefetch}
          />
        ))}
      </ul>
      {firstEmpty ? (
        (empty ?? <EmptyState />)
      ) : (
        <div className="pull-list__footer" ref={sentinel}>
          {last?.failed ? (
            <ErrorState onRetry={() => refetchers.current.get(pages)?.()} />
          ) : loading ? (
            <LoadingState />
          ) : finished ? (
            <FormattedMessage id="list.noMore" />
          ) : (
            <button type="button" className="button button--ghost" onClick={loadMore}>
              <FormattedMessage id="list.loadMore" />
            </button>
          )}
        </div>
      )}
    </>
  );
  return (
    <>
      {createPortal(content, node)}
      {PullToRefresh ? (
        <PullToRefresh
          onRefresh={refresh}
          pullingText={intl.formatMessage({ id: 'list.pulling' })}
          canReleaseText={intl.formatMessage({ id: 'list.release' })}
          refreshingText={intl.formatMessage({ id: 'list.refreshing' })}
          completeText={intl.formatMessage({ id: 'list.refreshed' })}
        >
          <ListSlot node={node} />
        </PullToRefresh>
      ) : (
        <ListSlot node={node} />
      )}
    </>
  );
}
