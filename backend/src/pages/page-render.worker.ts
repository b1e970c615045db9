import type { ImageSize } from './image-sizes.js';
import { fillTemplate } from './page-template.js';
import { loadServerBundles, type ServerBundles } from './server-bundles.js';

/** One page to draw: what PublicPages found for the URL (a listing's snapshot, a shop, or neither). */
export interface PageRenderTask {
  /** Where the frontends are built (the worker loads their server builds once). */
  root: string;
  url: string;
  snapshot: unknown;
  publicUrl: string;
  notFound: boolean;
  /** The sizes of the page's uploaded images, read beforehand by the web server (ImageSizes). */
  imageSizes: [string, ImageSize][];
  /** Whether the page's scripts start on the visitor's first touch (page-template.ts). */
  scriptsOnIntent: boolean;
}

let bundles: ServerBundles | null | undefined;

/** Draws a page with React's server renderer in PublicPages' worker, keeping the event loop free. */
export default function renderInWorker(task: PageRenderTask): string {
  bundles ??= loadServerBundles(task.root);
  if (!bundles) throw new Error(`The frontends' server builds are missing under ${task.root}`);
  const { shell, directory, template, directoryStyles } = bundles;
  const sizes = new Map(task.imageSizes);
  const rendered = shell.renderPage({
    url: task.url,
    directory: directory.ServerDirectoryApp,
    snapshot: task.snapshot,
    publicUrl: task.publicUrl,
    notFound: task.notFound,
    imageSize: (src) => sizes.get(src),
  });
  return fillTemplate(template, {
    ...rendered,
    styles: task.notFound ? [] : directoryStyles,
    afterRoot: rendered.dataElement,
    scriptsOnIntent: task.scriptsOnIntent,
  });
}
