// Preloaded into the backend (NODE_OPTIONS=--import) by a journey that needs the server to stand
// on another day: Date reads the real clock moved by E2E_CLOCK_OFFSET_MS, and keeps moving with it.
// Timers stay real (only Date is faked), so the server's jobs and graceful stop run as they do.
import FakeTimers from '@sinonjs/fake-timers';

const offset = Number(process.env.E2E_CLOCK_OFFSET_MS);
if (!Number.isFinite(offset)) throw new Error('E2E_CLOCK_OFFSET_MS must be a number of milliseconds');
FakeTimers.install({ now: Date.now() + offset, toFake: ['Date'], shouldAdvanceTime: true });
