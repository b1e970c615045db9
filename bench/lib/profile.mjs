/** Reading a .cpuprofile: where the backend's CPU time goes, grouped by who owns the code. */

/**
 * For each owner (npm package, "node core", "backend (own code)") the share of samples with
 * that owner anywhere on the stack (inclusive: TypeORM's time includes the driver it calls),
 * and the share where it is the running frame (self). Plus the same for named functions.
 */
export function timeByOwner(profile, functions = []) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map();
  const self = new Map();
  const add = (map, key, dt) => map.set(key, (map.get(key) ?? 0) + dt);
  let all = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    all += dt;
    add(self, ownerOf(byId.get(id).callFrame), dt);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at).callFrame;
      seen.add(ownerOf(frame));
      if (functions.includes(frame.functionName)) seen.add(`${frame.functionName}()`);
    }
    for (const key of seen) add(inclusive, key, dt);
  });
  const idle = (self.get('(idle)') ?? 0) + (self.get('(program)') ?? 0);
  const busy = all - idle;
  return [...inclusive]
    .filter(([key]) => !['(root)', '(idle)', '(program)'].includes(key))
    .map(([owner, us]) => ({ owner, inclusive: us / busy, self: (self.get(owner) ?? 0) / busy }))
    .sort((a, b) => b.inclusive - a.inclusive);
}

function ownerOf({ url, functionName }) {
  if (!url) return functionName || '(native)';
  const match = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (match) return match.at(-1).replace('node_modules/', '');
  if (url.startsWith('node:')) return 'node core';
  if (url.includes('/backend/dist/')) return 'backend (own code)';
  return url;
}
