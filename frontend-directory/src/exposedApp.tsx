import { lazy } from 'react';
import { yieldToMain } from 'frontend-common';
import type { DirectoryAppProps } from './DirectoryApp';

/**
 * The directory's modules, evaluated in three tasks rather than one: RTK Query's API (createApi),
 * then its endpoints and the store, then the pages. In one piece this was a long task on a phone,
 * right when the visitor starts to use the page. `webpackMode: "eager"` keeps them in this chunk
 * (no request of their own, so their stylesheets are still linked by the server's page, which
 * reads them from mf-manifest.json); each is evaluated when its import is awaited.
 */
async function loadInSteps() {
  await import(/* webpackMode: "eager" */ './api/baseApi');
  await yieldToMain();
  await import(/* webpackMode: "eager" */ './app/store');
  await yieldToMain();
  return import(/* webpackMode: "eager" */ './DirectoryApp');
}

// Starts when the shell runs this module, so the steps are done, or nearly, by its first render.
const ready = loadInSteps();
const DirectoryApp = lazy(() => ready);

/**
 * What the remote exposes as `directory/App` (webpack.config.mjs): `DirectoryApp` once its
 * modules have run. It renders no markup of its own, so the server's render (of `DirectoryApp`
 * itself, src/server.tsx) hydrates unchanged; until then the page keeps the server's markup,
 * inside the shell's Suspense boundary.
 */
export default function ExposedDirectoryApp(props: DirectoryAppProps) {
  return <DirectoryApp {...props} />;
}
