import { configure } from '@testing-library/react';

// CI machines share their cores with other suites: give findBy/waitFor room.
configure({ asyncUtilTimeout: 20_000 });

// jsdom has no MessageChannel; antd's form and select use it only to run a callback in a
// later macrotask, which a timer does just as well (and never keeps Jest alive).
if (!('MessageChannel' in window)) {
  class TimerPort {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    other?: TimerPort;
    postMessage(data: unknown) {
      const target = this.other;
      setTimeout(() => target?.onmessage?.({ data }), 0);
    }
    close() {}
    start() {}
    addEventListener(_type: string, listener: (event: { data: unknown }) => void) {
      this.onmessage = listener;
    }
    removeEventListener() {
      this.onmessage = null;
    }
  }
  class TimerChannel {
    port1 = new TimerPort();
    port2 = new TimerPort();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }
  (window as unknown as { MessageChannel: unknown }).MessageChannel = TimerChannel;
}
