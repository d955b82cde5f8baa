/** Whether joining another squad waits for the switch cooldown (`switchAvailableAt` in the future). */
export function inCooldown(switchAvailableAt: string | null, now = Date.now()): boolean {
  return switchAvailableAt !== null && new Date(switchAvailableAt).getTime() > now;
}
