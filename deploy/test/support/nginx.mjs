// The nginx servers of the topology: each static frontend's and the HTTPS gateway's configuration
// from deploy/ (copied as they are; only the place-specific lines rewritten), a throw-away
// certificate, and nginx started on it by its pid after `nginx -t`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from '../../frontend/precompress.mjs';
import { request, startProcess, waitFor } from './processes.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DEPLOY = join(ROOT, 'deploy');

/** Copies deploy/ files verbatim into a conf folder (a flat layout, as the images have). */
function copyConf(confDir, files) {
  mkdirSync(confDir, { recursive: true });
  for (const [name, source] of Object.entries(files)) cpSync(join(DEPLOY, source), join(confDir, name));
}

/** Replaces one exact piece of a deploy/ file; fails loudly if the file no longer has it. */
function substitute(text, from, to) {
  assert.ok(text.includes(from), `expected "${from}" in the deploy configuration`);
  return text.replaceAll(from, to);
}

/** A self-signed certificate for 127.0.0.1, valid a day: `{ cert, key }` files in `work`. */
export function makeCertificate(work) {
  const cert = join(work, 'cert.pem');
  const key = join(work, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(made.status, 0, made.stderr);
  return { cert, key };
}

/**
 * deploy/frontend/ as the image of frontend `name` has it, listening on `port`: the built files
 * pre-compressed like the image's build stage does.
 */
export function staticFrontendConf(work, name, port) {
  const prefix = join(work, name);
  const conf = join(prefix, 'conf');
  copyConf(conf, {
    'nginx.conf': 'frontend/nginx.conf',
    'security-headers.conf': 'frontend/security-headers.conf',
    'site.conf': name === 'shell' ? 'frontend/shell.conf' : 'frontend/remote.conf',
    'compression.conf': 'nginx/compression.conf',
    'temp-paths.conf': 'nginx/temp-paths.conf',
  });
  const listen = readFileSync(join(DEPLOY, 'frontend', 'listen.conf'), 'utf8');
  writeFileSync(join(conf, 'listen.conf'), substitute(listen, 'listen 8080;', `listen 127.0.0.1:${port};`));
  cpSync(join(ROOT, `frontend-${name}`, 'dist'), join(prefix, 'html'), { recursive: true });
  // The source maps in the served folder too, as older builds had them: nginx must refuse them.
  const maps = join(ROOT, `frontend-${name}`, 'dist-sourcemaps');
  if (existsSync(maps)) cpSync(maps, join(prefix, 'html'), { recursive: true });
  assert.ok(precompress(join(prefix, 'html')) > 0);
  return { prefix, conf };
}

/** deploy/gateway/ verbatim, plus its upstreams (the `ports` of the others) and HTTPS listen.conf. */
export function gatewayConf(work, ports, cert, key) {
  const prefix = join(work, 'gateway');
  const conf = join(prefix, 'conf');
  copyConf(conf, {
    'nginx.conf': 'gateway/nginx.conf',
    'routes.conf': 'gateway/routes.conf',
    'proxy.conf': 'gateway/proxy.conf',
    'tls.conf': 'gateway/tls.conf',
    'compression.conf': 'nginx/compression.conf',
    'temp-paths.conf': 'nginx/temp-paths.conf',
  });
  let upstreams = readFileSync(join(DEPLOY, 'gateway', 'compose', 'upstreams.conf'), 'utf8');
  for (const [from, to] of [
    ['backend-a:3000', `127.0.0.1:${ports['backend-a']}`],
    ['backend-b:3000', `127.0.0.1:${ports['backend-b']}`],
    ['frontend-shell:8080', `127.0.0.1:${ports.shell}`],
    ['frontend-directory:8080', `127.0.0.1:${ports.directory}`],
    ['frontend-admin:8080', `127.0.0.1:${ports.admin}`],
  ])
    upstreams = substitute(upstreams, from, to);
  writeFileSync(join(conf, 'upstreams.conf'), upstreams);
  let listen = readFileSync(join(DEPLOY, 'gateway', 'listen-https.conf'), 'utf8');
  listen = substitute(listen, 'listen 80;', `listen 127.0.0.1:${ports.gateway};`);
  listen = substitute(
    listen,
    'listen 443 ssl http2;',
    `listen 127.0.0.1:${ports['gateway-https']} ssl http2;`,
  );
  listen = substitute(listen, '/etc/nginx/certs/fullchain.pem', cert);
  listen = substitute(listen, '/etc/nginx/certs/privkey.pem', key);
  writeFileSync(join(conf, 'listen.conf'), listen);
  return { prefix, conf };
}

/** Starts nginx on `confDir` once `nginx -t` passes, and waits for it to answer on `port`. */
export async function startNginx(name, confDir, prefix, port) {
  mkdirSync(join(prefix, 'tmp'), { recursive: true });
  const args = [
    '-p',
    `${prefix}/`,
    '-c',
    join(confDir, 'nginx.conf'),
    '-g',
    `daemon off; pid ${join(prefix, 'nginx.pid')};`,
  ];
  const logFile = join(prefix, 'nginx.log');
  const checkLog = openSync(logFile, 'a');
  const check = spawnSync('nginx', ['-t', ...args.slice(0, 4), '-g', `pid ${join(prefix, 'nginx.pid')};`], {
    encoding: 'utf8',
    stdio: ['ignore', checkLog, 'pipe'],
  });
  closeSync(checkLog);
  assert.equal(check.status, 0, `nginx -t for ${name}: ${check.stderr}`);
  const server = startProcess('nginx', args, {}, logFile);
  await waitFor(
    async () => Boolean(await request(`http://127.0.0.1:${port}/`)),
    `nginx ${name} on port ${port}`,
    () => !server.exited(),
  ).catch((error) => {
    throw new Error(`${error.message}\n${server.output()}`);
  });
  return server;
}
