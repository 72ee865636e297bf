/** product §2 / §9: the bell's badge shows the unread count, '99+' above 99, and nothing at 0. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** The bell's accessible name; screen readers get the real count, not '99+'. */
export function bellLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : 'Notifications';
}
