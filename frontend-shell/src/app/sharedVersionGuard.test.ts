import { incompatibleShared } from './sharedVersionGuard';

const shell = {
  react: [{ version: '19.3.1', shareConfig: { requiredVersion: '^19.3.1' } }],
  'react-redux': [{ version: '9.3.1', shareConfig: { requiredVersion: '^9.3.1' } }],
};
const remote = (shared: { name: string; version: string; requiredVersion?: string | false }[]) => ({
  name: 'directory',
  shared,
});

test('a remote built with the same majors is compatible, and unshared packages are its own', () => {
  expect(
    incompatibleShared(
      remote([
        { name: 'react', version: '19.4.0', requiredVersion: '^19.2.0' },
        { name: 'react-redux', version: '9.3.1', requiredVersion: false },
        { name: 'fflate', version: '0.8.3', requiredVersion: '^0.8.3' },
      ]),
      shell,
    ),
  ).toEqual([]);
});

test("the shell's version outside the remote's range, and the remote's outside the shell's", () => {
  expect(
    incompatibleShared(
      remote([
        { name: 'react', version: '18.3.1', requiredVersion: '^18.3.1' },
        { name: 'react-redux', version: '10.0.0', requiredVersion: '>=9' },
      ]),
      shell,
    ),
  ).toEqual([
    'react: the remote needs ^18.3.1, the shell has 19.3.1',
    'react-redux: the remote was built with 10.0.0, the shell needs ^9.3.1',
  ]);
});
