import { DEFAULT_REMOTES, readRuntimeConfig } from './runtimeConfig';

describe('readRuntimeConfig', () => {
  it('uses the product defaults when /runtime-config.js set nothing', () => {
    expect(readRuntimeConfig(undefined)).toEqual({ remotes: DEFAULT_REMOTES, siteDomain: undefined });
    expect(DEFAULT_REMOTES).toEqual({
      directory: '/remotes/directory/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
    });
  });

  it('takes the manifest URLs and site domain from window.__ATM_RUNTIME__', () => {
    window.__ATM_RUNTIME__ = {
      remotes: { directory: 'https://cdn.example/directory/mf-manifest.json' },
      siteDomain: 'alianza.example',
    };
    expect(readRuntimeConfig()).toEqual({
      remotes: { directory: 'https://cdn.example/directory/mf-manifest.json', admin: DEFAULT_REMOTES.admin },
      siteDomain: 'alianza.example',
    });
    delete window.__ATM_RUNTIME__;
  });

  it('ignores empty or non-string values', () => {
    expect(
      readRuntimeConfig({ remotes: { directory: '  ', admin: 42 as unknown as string }, siteDomain: '' }),
    ).toEqual({
      remotes: DEFAULT_REMOTES,
      siteDomain: undefined,
    });
  });
});
