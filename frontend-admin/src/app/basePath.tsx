import { createContext, useCallback, useContext } from 'react';

/** Where the shell mounted the admin ('/admin'); every link of the remote is built from it. */
export const BasePathContext = createContext('/admin');

/** `adminPath('/users')` -> '/admin/users'; `adminPath()` -> '/admin'. */
export function useAdminPath() {
  const basePath = useContext(BasePathContext);
  return useCallback(
    (path = '') => {
      const base = basePath.endsWith('/') ? basePath.slice(0, -1) : basePath;
      return `${base}${path}` || '/';
    },
    [basePath],
  );
}
