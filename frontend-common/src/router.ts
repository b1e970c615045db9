/**
 * The router API the frontends use, and all they may use: every `import ... from
 * 'react-router-dom'` in the frontends resolves here (webpack alias, TypeScript `paths`, Jest
 * mapper), and this module is what Module Federation shares as the `react-router-dom`
 * singleton. A shared module is never tree-shaken, and react-router 7 as a whole is ~60 KB gzip
 * (data routers, server rendering) on a phone's first screen; through this list webpack keeps
 * only the declarative router. Need another export? Add it here.
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { To } from 'react-router';
