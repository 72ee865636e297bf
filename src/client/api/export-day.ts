import { isoDay } from '#client/lib/dates.ts';

/**
 * Today's calendar day for an export's default filename ('2026-11-21'), in a module of its own:
 * account.ts loads it when a file is saved, so the Settings screen loads without date helpers.
 */
export function exportDay(): string {
  return isoDay(new Date());
}
