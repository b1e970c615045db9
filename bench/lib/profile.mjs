/** Self time of a .cpuprofile grouped by who owns the code (package, Node core, backend). */
export function selfTimeByOwner(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const owner = ownerOf(byId.get(id).callFrame);
    totals.set(owner, (totals.get(owner) ?? 0) + dt);
    all += dt;
  });
  return [...totals]
    .map(([owner, us]) => ({ owner, share: us / all }))
    .sort((a, b) => b.share - a.share);
}

function ownerOf({ url, functionName }) {
  if (!url) return functionName || '(native)';
  const match = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (match) return match.at(-1).replace('node_modules/', '');
  if (url.startsWith('node:')) return 'node core';
  if (url.includes('/backend/dist/')) return 'backend (own code)';
  return url;
}
