/**
 * Diagnosis only: preloaded into the backend by diagnose.mjs. Profiles the CPU from start;
 * on SIGUSR2 writes the profile to $BENCH_CPU_PROFILE (SIGTERM would not leave time for it).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 200 });
process.on('SIGUSR2', () => {
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(process.env.BENCH_CPU_PROFILE, JSON.stringify(result.profile));
    session.post('Profiler.start'); // ready for the next window
  });
});
process.on('SIGUSR1', () => session.post('Profiler.start'));
