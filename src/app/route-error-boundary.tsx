import { Component, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { api } from '../api';
import { Page } from '../shared/ui/page';
import { ErrorState } from '../shared/ui/states';
import { useAppDispatch } from '../store/hooks';

interface BoundaryProps {
  children: ReactNode;
  fallback: (retry: () => void) => ReactNode;
}

/** React's error boundary (a class component is still the only way to catch a render error). */
class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private readonly retry = () => this.setState({ failed: false });

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

/**
 * A screen that threw while rendering (an answer it could not read, a chunk that did not load) shows
 * 'Something went wrong' and a retry under its own title, inside the app frame: the tab bar, the nav
 * bar's Back and the other kept screens go on working. Retry drops the API cache (what the screen
 * failed on may be a cached answer) and renders the screen again, which asks the server anew.
 */
export function RouteErrorBoundary({ titleId, children }: { titleId?: string; children: ReactNode }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  return (
    <Boundary
      fallback={(retry) => (
        <Page title={titleId ? intl.formatMessage({ id: titleId }) : ''}>
          <ErrorState
            title={<FormattedMessage id="common.somethingWentWrong" />}
            onRetry={() => {
              dispatch(api.util.resetApiState());
              retry();
            }}
          />
        </Page>
      )}
    >
      {children}
    </Boundary>
  );
}
