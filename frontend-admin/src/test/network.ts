/**
 * Test doubles at the network boundary only: `fetch` (RTK Query) and `XMLHttpRequest`
 * (uploads and restore), both answering by "METHOD /path" as the backend would.
 */
export type Handler = unknown | ((request: Request) => Response | Promise<Response>);
export type ApiRoutes = Record<string, Handler>;

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** An error body as the backend sends it. */
export const apiError = (status: number, message: string, errors?: { field: string; message: string }[]) =>
  json({ statusCode: status, message, error: 'Error', ...(errors ? { errors } : {}) }, status);

export function stubApi(routes: ApiRoutes) {
  const calls: Request[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    calls.push(request.clone());
    const key = `${request.method} ${new URL(request.url).pathname}`;
    if (!(key in routes)) return apiError(404, `No stub for ${key}`);
    const route = routes[key];
    if (typeof route === 'function') return (route as (r: Request) => Response | Promise<Response>)(request);
    if (route instanceof Response) return route.clone();
    return json(route);
  });
  window.fetch = fetchMock as typeof window.fetch;
  /** The requests made to "METHOD /path". */
  const callsTo = (key: string) => calls.filter((r) => `${r.method} ${new URL(r.url).pathname}` === key);
  return { fetchMock, calls, callsTo, routes };
}

export interface XhrCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  withCredentials: boolean;
}

export type XhrHandler = (call: XhrCall) => { status: number; body?: unknown };

/**
 * A fake XMLHttpRequest: reports progress 50% then 100%, then answers with `handler`. With
 * `{ held: true }` each request stays at 50% until the test calls `release()`, so what the
 * screen shows while a request runs can be checked however slow the machine is.
 */
export function stubXhr(handler: XhrHandler, { held = false }: { held?: boolean } = {}) {
  const calls: XhrCall[] = [];
  const waiting: (() => void)[] = [];
  /** Lets every held request answer. */
  const release = () => waiting.splice(0).forEach((answer) => answer());
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      const call = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        withCredentials: this.withCredentials,
      };
      calls.push(call);
      const respond = () => {
        const answer = handler(call);
        if (answer.status === 0) return this.onerror?.();
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = answer.status;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.onload?.();
      };
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        if (held) waiting.push(() => setTimeout(respond, 0));
        else setTimeout(respond, 5);
      }, 5);
    }
  }
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  return { calls, release };
}
