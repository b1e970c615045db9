/**
 * The one network double for every frontend Jest suite: Mock Service Worker answers the app's
 * real `fetch` calls (RTK Query) at the network boundary, by "METHOD /path" as the backend
 * would, and records what was asked. Handlers key on method and path only (never on hook or
 * endpoint names), so they hold whichever client code sends the request.
 *
 * Importing this module starts the server for the test file: a file that makes no request does
 * not import it and pays nothing. Every test starts from the default handlers (any request the
 * test did not route answers 404 like an unknown backend route) and with no recorded request.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

/** A JSON response, as the backend sends it. */
export const json = (body: JsonBodyType | undefined, status = 200, headers: Record<string, string> = {}) =>
  body === undefined
    ? new HttpResponse(null, { status, headers: { 'Content-Type': 'application/json', ...headers } })
    : HttpResponse.json(body, { status, headers });

/** No answer at all: `fetch` rejects as it does offline (RTK Query's `FETCH_ERROR`). */
export const networkError = () => HttpResponse.error();

type FieldErrorBody = {
  field: string;
  code?: string;
  message: string;
  params?: Record<string, string | number>;
};
/** What an error body carries besides its status and message. */
type ErrorExtras = { code?: string; errors?: FieldErrorBody[]; params?: Record<string, string | number> };

/**
 * An error body as the backend sends it (`{ statusCode, code, message, error }`, with field
 * errors when given). Without a `code` the screens show `message` as is (an unknown code).
 */
export const apiError = (status: number, message: string, extras: ErrorExtras | FieldErrorBody[] = {}) => {
  const { code, errors, params } = Array.isArray(extras) ? { errors: extras } : extras;
  return json(
    {
      statusCode: status,
      ...(code ? { code } : {}),
      message,
      error: 'Error',
      ...(errors ? { errors } : {}),
      ...(params ? { params } : {}),
    },
    status,
  );
};

const routeKey = (request: Request) => `${request.method} ${new URL(request.url).pathname}`;

/** Requests no test routed: 404, as the backend answers an unknown route, naming what was asked. */
const unrouted = http.all('*', ({ request }) =>
  apiError(404, `No route in this test for ${routeKey(request)}`),
);

export const server = setupServer(unrouted);

/** What a route answers: a JSON body, a fixed response, or a function of the request. */
export type Route = JsonBodyType | Response | ((request: Request) => Response | Promise<Response>);
/** Routes by "METHOD /path" (no query string), e.g. { 'GET /api/shops': [shop] }. */
export type ApiRoutes = Record<string, Route>;

const recorded: Request[] = [];
server.events.on('request:start', ({ request }) => {
  recorded.push(request.clone());
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  recorded.length = 0;
});
afterAll(() => server.close());

function answer(route: Route, request: Request): Response | Promise<Response> {
  if (typeof route === 'function') return route(request);
  // A fixed Response can be asked for more than once: each request gets its own copy.
  if (route instanceof Response) return route.clone();
  return json(route);
}

/**
 * Answers the given routes for the rest of the test (on top of the defaults; a later call wins
 * for the same route). Returns every request the page made in this test, in order, and a
 * filter by "METHOD /path". The requests are copies: their bodies can be read with `.json()`.
 */
export function stubApi(routes: ApiRoutes) {
  server.use(
    ...Object.entries(routes).map(([key, route]) => {
      const [method, path] = key.split(' ');
      if (!method || !path?.startsWith('/')) throw new Error(`A route is "METHOD /path", not "${key}"`);
      return http.all(path, ({ request }) =>
        request.method === method ? answer(route, request) : undefined,
      );
    }),
  );
  return {
    calls: recorded,
    callsTo: (key: string) => recorded.filter((request) => routeKey(request) === key),
  };
}
