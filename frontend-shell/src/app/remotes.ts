import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RuntimeConfig } from './runtimeConfig';
import { sharedVersionGuard } from './sharedVersionGuard';

/** What every remote exposes as `<name>/App`. */
export interface RemoteAppProps {
  /** Where the shell mounted the remote, e.g. '/', '/shops', '/en/' or '/admin'. */
  basePath: string;
  /** The directory's page: its listing, one shop's page (`:slug` of the route) or "List my shop". */
  view?: 'listing' | 'shop' | 'list-my-shop';
  /** The data the server rendered the page from (embedded in it for hydration), opaque to the shell. */
  snapshot?: unknown;
  /** The shop whose detail dialog is open over the listing (the address bar shows its page). */
  dialogSlug?: string;
}
export type RemoteModule = { default: ComponentType<RemoteAppProps> };
/** Loads a remote's App; `attempt` > 0 means the previous try failed and caches must be dropped. */
export type RemoteLoader = (name: RemoteName, attempt: number) => Promise<RemoteModule>;

let registered: RuntimeConfig['remotes'] | undefined;

/** Registers the remotes' manifest URLs with the Module Federation runtime. Nothing is downloaded yet. */
export function registerRuntimeRemotes(remotes: RuntimeConfig['remotes']): void {
  registered = remotes;
  registerPlugins([sharedVersionGuard()]);
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

export const loadRemoteApp: RemoteLoader = async (name, attempt) => {
  if (!registered) throw new Error('registerRuntimeRemotes() was not called');
  // The runtime caches a failed manifest; re-registering with force clears it so Retry really retries.
  if (attempt > 0) registerRemotes([{ name, entry: registered[name] }], { force: true });
  const module = await loadRemote<RemoteModule>(`${name}/App`);
  if (!module?.default) throw new Error(`Remote ${name} did not expose App`);
  return module;
};
