/**
 * The XMLHttpRequest double for uploads and restore (fetch goes through MSW, frontend-common/jest/msw.ts):
 * XHR is used there for its upload progress, which this double reports step by step.
 */
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
