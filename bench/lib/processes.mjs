/**
 * Every child process the bench starts is registered here, so that a normal end, an error or
 * Ctrl-C all stop them by process id (never by name: other work shares this machine).
 */
import { spawn } from 'node:child_process';

const children = new Set();

/** Spawns a child in its own process group and remembers it until it exits. */
export function spawnTracked(command, args, options = {}) {
  const child = spawn(command, args, { ...options, detached: true });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Stops one child: SIGTERM to its process group, SIGKILL after `graceMs`. */
export async function stopChild(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal); // the group: the child and anything it started
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/** Last resort on process exit (synchronous: no awaiting in an 'exit' handler). */
function killAllNow() {
  for (const child of children) signalGroup(child, 'SIGKILL');
}

process.once('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping ${children.size} child process(es)`);
    killAllNow();
    process.exit(130);
  });
}
