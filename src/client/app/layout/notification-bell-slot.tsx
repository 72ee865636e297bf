/**
 * Where the header's notification bell goes for a signed-in user (spec §2 layout). The
 * notifications feature fills it; until then it renders nothing.
 */
export function NotificationBellSlot() {
  return null;
}
