// Every container image the project runs or builds from, read from docker-compose.yml and the
// Dockerfiles of deploy/, and what is wrong with each pin. Used by images.test.mjs.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Repositories that no longer publish (MinIO's community images): a pull fails or is frozen. */
export const GONE_REPOSITORIES = ['minio/minio', 'minio/mc'];

/** The images the project builds itself (compose `build:` entries): no registry pin applies. */
const OWN_IMAGE = /^atm-directory\//;

/**
 * What is wrong with one image reference, or [] when it is pinned: an exact version in the
 * tag (1.2.3, v1.2.3 or a dated build such as bookworm-20251229) and a sha256 digest, and a
 * repository that still exists.
 */
export function pinProblems(reference) {
  const problems = [];
  const [nameAndTag, digest] = reference.split('@');
  const slash = nameAndTag.lastIndexOf('/');
  const colon = nameAndTag.indexOf(':', slash + 1);
  const repository = (colon === -1 ? nameAndTag : nameAndTag.slice(0, colon))
    .replace(/^(docker\.io\/)?(library\/)?/, '')
    .toLowerCase();
  const tag = colon === -1 ? '' : nameAndTag.slice(colon + 1);
  if (GONE_REPOSITORIES.includes(repository)) problems.push(`${repository} is no longer published`);
  if (!/(^|[^0-9])v?\d+\.\d+\.\d+([^0-9]|$)|-\d{8}(-|$)/.test(tag)) {
    problems.push(`tag "${tag || '(none)'}" is not an exact version`);
  }
  if (!/^sha256:[0-9a-f]{64}$/.test(digest ?? '')) problems.push('no sha256 digest');
  return problems;
}

/** [{ file, image }] for every `image:` of a compose file and every `FROM` of a Dockerfile. */
export function imagesOf(root) {
  const found = [];
  const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
  for (const match of compose.matchAll(/^\s*image:\s*['"]?([^\s'"#]+)/gm)) {
    if (!OWN_IMAGE.test(match[1])) found.push({ file: 'docker-compose.yml', image: match[1] });
  }
  const deploy = join(root, 'deploy');
  for (const entry of readdirSync(deploy, { recursive: true })) {
    if (!/(^|\/)Dockerfile$/.test(entry)) continue;
    const text = readFileSync(join(deploy, entry), 'utf8');
    const stages = new Set();
    for (const match of text.matchAll(/^FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?/gim)) {
      // FROM <an earlier stage> is no image.
      if (!stages.has(match[1].toLowerCase())) {
        found.push({ file: relative(root, join(deploy, entry)), image: match[1] });
      }
      if (match[2]) stages.add(match[2].toLowerCase());
    }
  }
  return found;
}

/**
 * The backend image's final stage: `{ env, workdir, copies }`, where `copies` are its
 * `COPY --from=build /app/<source> <destination>` lines whose source is a frontend's build
 * (`frontend-*`), the files the server render reads at run time, and `env` its ENV variables.
 */
export function backendImageStage(root) {
  const text = readFileSync(join(root, 'deploy', 'backend', 'Dockerfile'), 'utf8');
  const final = text.slice([...text.matchAll(/^FROM\s/gm)].at(-1).index);
  const env = {};
  for (const [, line] of final.matchAll(/^ENV\s+(.+)$/gm))
    for (const [, name, value] of line.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[name] = value;
  const copies = [...final.matchAll(/^COPY\s+--from=build\s+\/app\/(frontend-\S+)\s+(\S+)\s*$/gm)].map(
    ([, source, destination]) => ({ source, destination }),
  );
  return { env, workdir: /^WORKDIR\s+(\S+)/m.exec(final)?.[1], copies, text, final };
}

/**
 * The files server-bundles.ts reads under FRONTEND_ROOT, from its `join(root, '...', ...)`
 * calls (plain string segments only), as paths relative to that root.
 */
export function serverRenderFiles(root) {
  const code = readFileSync(join(root, 'backend', 'src', 'pages', 'server-bundles.ts'), 'utf8');
  return [...code.matchAll(/join\(root((?:,\s*'[^']+')+)\)/g)].map(([, segments]) =>
    [...segments.matchAll(/'([^']+)'/g)].map(([, segment]) => segment).join('/'),
  );
}

/** The packages a Node build requires at run time (bare `require("x")`), by package name. */
export function requiredPackages(bundleText) {
  const names = new Set();
  for (const [, request] of bundleText.matchAll(/\brequire\("([^"./][^"]*)"\)/g)) {
    const parts = request.split('/');
    names.add(request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
  }
  return [...names].sort();
}
