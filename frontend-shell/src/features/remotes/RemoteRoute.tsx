import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isLanguage, listingPath } from 'frontend-common';
import type { RemoteAppProps, RemoteLoader } from '../../app/remotes';
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
  const { t, i18n } = useTranslation('shell');
  const key = name === 'admin' ? 'remote.admin' : 'remote.error';
  // The listing in the visitor's language (`/en/` in English), not `/` and a redirect from there.
  const home = listingPath(isLanguage(i18n.language) ? i18n.language : 'es');
  return (
    <div className="atm-remote-failed" role="alert">
      <h1>{t(`${key}.title`)}</h1>
      <p>{t(`${key}.description`)}</p>
      <div className="atm-remote-failed__actions">
        <button type="button" className="atm-button" onClick={onRetry}>
          {t(`${key}.retry`)}
        </button>
        {name === 'admin' && <Link to={home}>{t('remote.admin.home')}</Link>}
      </div>
    </div>
  );
}

type LazyRemote = ComponentType<RemoteAppProps>;
/**
 * One lazy component per loader, remote and attempt, kept across mounts: React.lazy remembers a
 * rejected import for good (so a retry needs a new one), and a resolved one renders at once,
 * without suspending, when a navigation mounts the remote again (e.g. the language switch
 * moving from '/' to '/en/').
 */
const lazyRemotes = new WeakMap<RemoteLoader, Map<string, LazyRemote>>();
function lazyRemote(loader: RemoteLoader, name: RemoteName, attempt: number): LazyRemote {
  let byKey = lazyRemotes.get(loader);
  if (!byKey) lazyRemotes.set(loader, (byKey = new Map()));
  const key = `${name}:${attempt}`;
  let component = byKey.get(key);
  if (!component) byKey.set(key, (component = lazy(() => loader(name, attempt))));
  return component;
}

interface RemoteRouteProps extends RemoteAppProps {
  name: RemoteName;
  loader: RemoteLoader;
  /**
   * The remote's App at hand (the server render has it from the remote's Node build): rendered
   * inside the same Suspense boundary, which the browser then hydrates once its lazy copy has
   * arrived, leaving the server's markup in place meanwhile.
   */
  preloaded?: LazyRemote;
}

/** A remote's App behind Suspense and an error boundary, with a Retry that really reloads it. */
export function RemoteRoute({ name, loader, preloaded, ...props }: RemoteRouteProps) {
  const [attempt, setAttempt] = useState(0);
  const RemoteApp = preloaded ?? lazyRemote(loader, name, attempt);
  return (
    <RemoteErrorBoundary
      key={attempt}
      fallback={() => <RemoteFailed name={name} onRetry={() => setAttempt((n) => n + 1)} />}
    >
      <Suspense fallback={<RemoteLoading />}>
        {/* eslint-disable-next-line react-hooks/static-components -- one lazy component per remote and retry, kept in lazyRemotes */}
        <RemoteApp {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
