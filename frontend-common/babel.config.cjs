// One Babel setup for both webpack builds and Jest (referenced by path, so the backend's
// ts-jest is never affected). Types are checked by `tsc --noEmit`, not here.
module.exports = (api) => {
  const isTest = api.env('test');
  return {
    presets: [
      ['@babel/preset-env', isTest ? { targets: { node: 'current' } } : { modules: false }],
      ['@babel/preset-react', { runtime: 'automatic' }],
      ['@babel/preset-typescript', { allowDeclareFields: true }],
    ],
  };
};
