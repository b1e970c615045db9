import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RemoteLoader } from '../../app/remotes';
import type { RemoteName } from '../../app/runtimeConfig';

interface BoundaryProps {
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}

/** Catches a remote that fails to download or to render, so the rest of the page keeps working. */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('Remote failed to load', error);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export function RemoteLoading() {
  const { t } = useTranslation('shell');
  return (
    <div className="atm-remote-loading" role="status">
      <span className="atm-spinner" aria-hidden="true" />
      {t('remote.loading')}
    </div>
  );
}

function RemoteFailed({ name, onRetry }: { name: RemoteName; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  const key = name === 'admin' ? 'remote.admin' : 'remote.error';
  return (
    <div className="atm-remote-failed" role="alert">
      <h1>{t(`${key}.title`)}</h1>
      <p>{t(`${key}.description`)}</p>
      <div className="atm-remote-failed__actions">
        <button type="button" className="atm-button" onClick={onRetry}>
          {t(`${key}.retry`)}
        </button>
        {name === 'admin' && <Link to="/">{t('remote.admin.home')}</Link>}
      </div>
    </div>
  );
}

interface RemoteRouteProps {
  name: RemoteName;
  basePath: string;
  loader: RemoteLoader;
}

/** A remote's App behind Suspense and an error boundary, with a Retry that really reloads it. */
export function RemoteRoute({ name, basePath, loader }: RemoteRouteProps) {
  const [attempt, setAttempt] = useState(0);
  // React.lazy remembers a rejected import for good, so each attempt needs a new lazy component;
  // memoised per attempt, so it is created once per retry, not on every render.
  const RemoteApp = useMemo(() => lazy(() => loader(name, attempt)), [loader, name, attempt]);
  return (
    <RemoteErrorBoundary
      key={attempt}
      fallback={() => <RemoteFailed name={name} onRetry={() => setAttempt((n) => n + 1)} />}
    >
      <Suspense fallback={<RemoteLoading />}>
        {/* eslint-disable-next-line react-hooks/static-components -- one new lazy component per retry, memoised above */}
        <RemoteApp basePath={basePath} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
