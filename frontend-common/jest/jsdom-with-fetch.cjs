// jsdom has no fetch. Give the test window Node's own fetch classes (the same WHATWG API the
// browser has), resolving relative URLs against the page as a browser would, so RTK Query's
// fetchBaseQuery runs unchanged and tests stub only `fetch` at the network boundary.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  async setup() {
    await super.setup();
    const win = this.global;
    const NodeRequest = globalThis.Request;
    win.Request = class Request extends NodeRequest {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, win.location.href).href : input, init);
      }
    };
    win.Response = globalThis.Response;
    win.Headers = globalThis.Headers;
    win.AbortController = globalThis.AbortController;
    win.AbortSignal = globalThis.AbortSignal;
    win.fetch = () => Promise.reject(new Error('fetch is not stubbed in this test'));
    // antd schedules with MessageChannel; Node's ports keep the process alive, so close them at teardown.
    const channels = (this.channels = []);
    win.MessageChannel = class MessageChannel extends globalThis.MessageChannel {
      constructor() {
        super();
        channels.push(this);
      }
    };
    win.structuredClone ??= globalThis.structuredClone;
    win.TextEncoder ??= globalThis.TextEncoder;
    win.TextDecoder ??= globalThis.TextDecoder;
  }
}

JsdomWithFetch.prototype.teardown = async function teardown() {
  for (const channel of this.channels ?? []) {
    channel.port1.close();
    channel.port2.close();
  }
  await TestEnvironment.prototype.teardown.call(this);
};

module.exports = JsdomWithFetch;
