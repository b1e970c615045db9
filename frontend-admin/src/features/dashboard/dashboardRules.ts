/** True when no complete backup was ever made or the last one is 3 calendar months old or more. */
export function isBackupDue(lastFullBackupAt: string | null | undefined, now = new Date()): boolean {
  if (!lastFullBackupAt) return true;
  const last = new Date(lastFullBackupAt);
  if (Number.isNaN(last.getTime())) return true;
  const due = new Date(last);
  due.setMonth(due.getMonth() + 3);
  return due.getTime() <= now.getTime();
}
