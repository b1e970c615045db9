// jsdom has no fetch. Give the test window Node's own fetch classes (the same WHATWG API the
// browser has), resolving relative URLs against the page as a browser would, so RTK Query's
// fetchBaseQuery runs unchanged and tests answer requests at the network boundary with MSW
// (jest/msw.ts), which also needs the stream and channel classes jsdom leaves out.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // Resolve packages as Node does, not by their "browser" exports: jsdom runs in Node, and
    // msw/node (like the MSW docs' jest-fixed-jsdom) has no browser build.
    this.customExportConditions = [''];
  }

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
    // No request leaves a test: MSW (jest/msw.ts) answers every one, and without it fetch fails.
    win.fetch = () => Promise.reject(new Error('No network in tests: import frontend-common/jest/msw'));
    win.ReadableStream = globalThis.ReadableStream;
    win.WritableStream = globalThis.WritableStream;
    win.TransformStream = globalThis.TransformStream;
    win.TextEncoderStream = globalThis.TextEncoderStream;
    win.TextDecoderStream = globalThis.TextDecoderStream;
    win.BroadcastChannel = globalThis.BroadcastChannel;
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
