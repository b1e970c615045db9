/** Test helper: answers `fetch` by URL path, as the backend would, and records what was asked. */
export type Routes = Record<string, unknown | (() => Response | Promise<Response>)>;

export function stubFetch(routes: Routes) {
  const calls: Request[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    calls.push(request);
    const { pathname } = new URL(request.url);
    if (!(pathname in routes)) return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
    const route = routes[pathname];
    if (typeof route === 'function') return (route as () => Response | Promise<Response>)();
    return new Response(JSON.stringify(route), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  window.fetch = fetchMock as typeof window.fetch;
  return { fetchMock, calls };
}
