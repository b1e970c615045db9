/** A stored backup as GET /api/admin/backup/stored lists it. */
export interface StoredBackup {
  name: string;
  createdAt: string;
  automatic: boolean;
  bytes: number;
}

/** Distinct scheduled times, as the schedule would hand them (whole minutes). */
let slotMinute = Date.UTC(2026, 0, 1, 9, 0);
export const nextSlot = () => new Date((slotMinute += 60_000));
