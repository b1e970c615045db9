// Layers point one way (ARCHITECTURE.md), checked by `npm run lint`.
//
// Packages: contract <- frontend-common <- shell, directory, admin (which meet only at run time,
// through module federation); the backend reads the contract and nothing else of ours.
// Backend: main/app -> feature folders -> database/ -> common/ -> config/ (FLOORS below); inside
// a feature: module -> controller -> service -> the shop's writer and repositories -> entity.
const BACKEND = '^backend/src/';
const FOUNDATION = `${BACKEND}(common|config|observability|types)/`;
const DATABASE = `${BACKEND}database/`;
const MIGRATIONS = `${DATABASE}migrations/`;

// The backend's folders from the ground up: a folder imports only folders of the floors below
// it, never one above nor a neighbour on its own floor. main.ts, app.module.ts, app.setup.ts and
// openapi/ stand above them all and put them together. database/ names no feature's entity: each
// module registers its own (TypeOrmModule.forFeature, with autoLoadEntities).
const FLOORS = [
  ['config', 'types'],
  ['common', 'observability'],
  ['database'],
  ['rate-limits', 'activity'],
  ['sessions'],
  ['admin-users'],
  ['auth'],
  ['uploads'],
  ['shops'],
  ['visitor-requests'],
  ['backup', 'shops-csv', 'seo', 'pages', 'health'],
  ['frontends'],
];
// The decorators and guards every controller wears, whatever its floor (activity's, sessions' and admin users'
// controllers too): only a controller may reach up to them.
const ACCESS_DECORATORS = `${BACKEND}auth/(admin-only\\.decorator|recent-auth/recent-auth)\\.ts$`;
// Pure rules a data migration applies to the rows that exist, as new rows get them: they import
// nothing of the backend (rule pure-shop-rules), so database/ may read them from below.
const PURE_SHOP_RULES = `${BACKEND}shops/(shop-slug|shop\\.rules)\\.ts$`;

const folders = (names) => `${BACKEND}(${names.join('|')})/`;
const BELOW_AUTH = FLOORS.slice(
  0,
  FLOORS.findIndex((floor) => floor.includes('auth')),
).flat();
const floorRules = FLOORS.slice(0, -1).map((floor, index) => ({
  name: `floor-${floor.join('+')}`,
  comment: `${floor.join(', ')} import nothing of ${FLOORS.slice(index + 1)
    .flat()
    .join(', ')}${floor.length > 1 ? ', nor each other' : ''}.`,
  severity: 'error',
  from: { path: folders(floor) },
  to: {
    path: folders([...floor, ...FLOORS.slice(index + 1).flat()]),
    pathNot: [`${BACKEND}$1/`, ACCESS_DECORATORS, PURE_SHOP_RULES],
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files that import each other can be neither read nor tested nor loaded one before the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...floorRules,
    {
      name: 'controllers-wear-the-access-guards',
      comment: 'Below auth, only a controller reaches up to it, and only for the guards it wears.',
      severity: 'error',
      from: { path: folders(BELOW_AUTH), pathNot: '\\.controller\\.ts$' },
      to: { path: ACCESS_DECORATORS },
    },
    {
      name: 'pure-shop-rules',
      comment: 'The shop rules a migration applies stay pure: they import nothing of the backend.',
      severity: 'error',
      from: { path: PURE_SHOP_RULES },
      to: { path: BACKEND },
    },
    {
      name: 'migrations-use-no-live-code',
      comment:
        'A migration is history: it speaks SQL, never through an entity, service or module that ' +
        'changes after it. A data migration may fill new columns by the pure rules new rows follow.',
      severity: 'error',
      from: { path: MIGRATIONS },
      to: { path: '\\.(entity|service|controller|module)\\.ts$' },
    },
    {
      name: 'entity-imports-no-logic',
      comment: 'An entity describes a table: it names other entities and column helpers, never a service.',
      severity: 'error',
      from: { path: '\\.entity\\.ts$' },
      to: {
        path: BACKEND,
        pathNot: [FOUNDATION, DATABASE, '\\.entity\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'only-modules-import-controllers',
      comment: 'A controller is the top of its feature: only its module names it.',
      severity: 'error',
      from: { path: BACKEND, pathNot: '\\.module\\.ts$' },
      to: { path: '\\.controller\\.ts$' },
    },
    {
      name: 'services-import-no-modules',
      comment:
        'A module is wiring: services, controllers and entities reach each other through injection. ' +
        'Only modules and the entry points that start an application (main, a command) import one.',
      severity: 'error',
      from: {
        path: BACKEND,
        pathNot: [
          '\\.module\\.ts$',
          '\\.command\\.ts$',
          `${BACKEND}(main|app\\.setup)\\.ts$`,
          `${BACKEND}openapi/`,
        ],
      },
      to: { path: '\\.module\\.ts$' },
    },
    {
      name: 'contract-imports-no-package',
      comment: 'The contract is what every package reads: it reads none of them.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(backend|frontend-[a-z]+)/' },
    },
    {
      name: 'frontend-common-imports-no-frontend',
      comment: 'frontend-common serves the three frontends and knows none of them.',
      severity: 'error',
      from: { path: '^frontend-common/' },
      to: { path: '^(backend|frontend-(shell|directory|admin))/' },
    },
    {
      name: 'frontends-meet-at-run-time',
      comment:
        'The shell, the directory and the admin load each other through module federation at run ' +
        'time, never by import; none imports the backend.',
      severity: 'error',
      from: { path: '^(frontend-(?:shell|directory|admin))/' },
      to: { path: '^(backend|frontend-(shell|directory|admin))/', pathNot: '^$1/' },
    },
    {
      name: 'backend-imports-no-frontend',
      comment: 'The backend reads the contract; the frontends reach it over HTTP.',
      severity: 'error',
      from: { path: '^backend/' },
      to: { path: '^frontend-' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests sit beside what they test and may reach anywhere: nothing of the app imports them.
    exclude: {
      path: [
        '(^|/)(node_modules|dist|dist-ssr|coverage|generated)/',
        '\\.(spec|test)\\.[cm]?[jt]sx?$',
        '^backend/test/',
        '/src/test/',
      ],
    },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
