/**
 * True while a process with this pid runs on this host. EPERM means it runs under another
 * user. A leftover file or lock named after a dead pid belongs to nobody.
 */
export function isProcessAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
