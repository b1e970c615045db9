// The production topology of deploy/ and docker-compose.yml, run for real without Docker:
// MariaDB, an S3-compatible server (s3rver, standing in for Garage), two backend processes, one nginx per static
// frontend and the nginx gateway, all with the configuration files of deploy/ copied as they
// are (only listen.conf and upstreams.conf, the place-specific files, are written here), over
// HTTPS with a throw-away certificate. Then the smoke journey in Chromium through the gateway:
// log in on replica A, upload and save through replica B, see the shop in the public listing.
// The public pages come from the backends, rendered on the server from the frontends' Node
// builds the backend image carries (only those files, as the image has them).
// Then what an operator relies on: request ids from the gateway to the backend's JSON log and
// back, no secret in any log line, metrics on their own port only, a replica stopped with
// SIGTERM under load losing no request, and a restore interrupted by SIGTERM all or nothing.
// The tests are grouped by concern in topology/; this file starts the topology once for all.
// docker-compose.yml itself is checked in compose.test.mjs.
// Run with `npm run test:topology` (deploy/test/run.mjs), which reports the totals for CI.
import { describe } from 'node:test';
import { productionTopology } from './support/topology.mjs';
import { edgeTests } from './topology/edge.mjs';
import { smokeJourneyTests } from './topology/smoke-journey.mjs';
import { operationsTests } from './topology/operations.mjs';
import { publicPagesTests } from './topology/public-pages.mjs';

// Not skipped as a suite where it cannot run: each test is (support/topology.mjs's `it`).
describe('production topology through the gateway', () => {
  const topology = productionTopology();
  edgeTests(topology);
  smokeJourneyTests(topology);
  operationsTests(topology);
  publicPagesTests(topology);
});
