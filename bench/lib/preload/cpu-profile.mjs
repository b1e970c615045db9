/**
 * Diagnosis only: preloaded into the backend by diagnose.mjs. Profiles the CPU from start;
 * each SIGWINCH writes the profile so far to $BENCH_CPU_PROFILE and starts a new one (SIGTERM
 * would not leave time to write; SIGUSR1 opens Node's inspector and Nest's shutdown hooks
 * take SIGUSR2, so the harmless SIGWINCH is the trigger).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 1000 });
session.post('Profiler.start');
process.on('SIGWINCH', () => {
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(process.env.BENCH_CPU_PROFILE, JSON.stringify(result.profile));
    session.post('Profiler.start'); // ready for the next window
  });
});
