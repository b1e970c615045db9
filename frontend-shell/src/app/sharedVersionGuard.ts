import { satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type Manifest = {
  name: string;
  shared?: { name: string; version: string; requiredVersion?: string | false }[];
};
type ShellShared = Record<string, { version: string; shareConfig?: { requiredVersion?: string | false } }[]>;

/**
 * The shared singletons on which a remote's manifest and the shell disagree: the shell's version
 * outside the remote's range, or the remote's version outside the shell's. Packages the shell
 * does not share are the remote's own business.
 */
export function incompatibleShared(manifest: Manifest, shellShared: ShellShared): string[] {
  const problems: string[] = [];
  for (const { name, version, requiredVersion } of manifest.shared ?? []) {
    const shell = shellShared[name]?.[0];
    if (!shell) continue;
    const shellRange = shell.shareConfig?.requiredVersion;
    if (typeof requiredVersion === 'string' && !satisfy(shell.version, requiredVersion))
      problems.push(`${name}: the remote needs ${requiredVersion}, the shell has ${shell.version}`);
    else if (typeof shellRange === 'string' && !satisfy(version, shellRange))
      problems.push(`${name}: the remote was built with ${version}, the shell needs ${shellRange}`);
  }
  return problems;
}

/**
 * Refuses a remote whose mf-manifest.json declares shared singletons the shell cannot give it,
 * before its remoteEntry.js is fetched: its code never runs, and it never registers its own
 * copies in the share scope. (Left to the remote's own `strictVersion` check, the failure comes
 * later, while the remote's copy of react-redux is loading on the shell's behalf, and that
 * rejected load is then handed to every other remote too.) The error rejects `loadRemote`, so
 * the remote's error boundary shows it; Retry fetches the manifest again.
 */
export function sharedVersionGuard(): ModuleFederationRuntimePlugin {
  return {
    name: 'atm-shared-version-guard',
    afterLoadManifest({ manifestJson, manifestUrl, origin }) {
      if (!manifestJson) return;
      const problems = incompatibleShared(manifestJson as Manifest, origin.options.shared as ShellShared);
      if (problems.length)
        throw new Error(
          `Remote ${manifestJson.name} (${manifestUrl}) is not compatible with this shell: ${problems.join('; ')}`,
        );
    },
  };
}
