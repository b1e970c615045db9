// Every image in docker-compose.yml and the Dockerfiles is pinned to an exact version and a
// digest, and none comes from a repository that is gone (MinIO's). Fast: reads files only.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { imagesOf, pinProblems } from './images.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIGEST = `@sha256:${'a'.repeat(64)}`;

describe('container images', () => {
  it('finds the images of docker-compose.yml and of every Dockerfile', () => {
    const files = new Set(imagesOf(ROOT).map(({ file }) => file));
    for (const file of [
      'docker-compose.yml',
      'deploy/backend/Dockerfile',
      'deploy/frontend/Dockerfile',
      'deploy/gateway/Dockerfile',
    ])
      assert.ok(files.has(file), `no image found in ${file}`);
  });

  it('are all pinned to an exact version and a digest, from repositories that still publish', () => {
    const unpinned = imagesOf(ROOT)
      .map(({ file, image }) => ({ file, image, problems: pinProblems(image) }))
      .filter(({ problems }) => problems.length);
    assert.deepEqual(unpinned, []);
  });

  it('the check refuses floating tags, missing digests and MinIO', () => {
    assert.deepEqual(pinProblems(`node:24.12.0-bookworm-slim${DIGEST}`), []);
    assert.deepEqual(pinProblems(`debian:bookworm-20251229-slim${DIGEST}`), []);
    assert.deepEqual(pinProblems(`docker.io/dxflrs/garage:v2.3.0${DIGEST}`), []);
    assert.deepEqual(pinProblems('node:24.12.0-bookworm-slim'), ['no sha256 digest']);
    assert.deepEqual(pinProblems(`node:24-bookworm-slim${DIGEST}`), [
      'tag "24-bookworm-slim" is not an exact version',
    ]);
    assert.deepEqual(pinProblems(`mysql:8.4${DIGEST}`), ['tag "8.4" is not an exact version']);
    assert.deepEqual(pinProblems('nginx'), ['tag "(none)" is not an exact version', 'no sha256 digest']);
    assert.deepEqual(pinProblems(`minio/minio:RELEASE.2025-04-22T22-12-26Z${DIGEST}`).slice(0, 1), [
      'minio/minio is no longer published',
    ]);
    assert.deepEqual(pinProblems(`docker.io/minio/mc:1.2.3${DIGEST}`), ['minio/mc is no longer published']);
  });
});
