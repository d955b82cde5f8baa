/**
 * Generated avatars (issue 27): a player without a photo gets colours from their name and its initial,
 * the same in the top menu, the boards, the podium and the friend list.
 */

/** A stable hue (0–359) from a name: the same player always gets the same colours. */
export function nameHue(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) | 0;
  return Math.abs(hash) % 360;
}

/** The first letter or digit of a name, capitalised ("?" when it has none). */
export function initial(name: string): string {
  return (
    name
      .replace(/^@/, '')
      .match(/\p{L}|\p{N}/u)?.[0]
      ?.toUpperCase() ?? '?'
  );
}

/** The background of a generated avatar: a gradient in the name's colours. */
export function avatarGradient(name: string): string {
  const hue = nameHue(name);
  return `linear-gradient(135deg, hsl(${hue} 75% 60%), hsl(${(hue + 50) % 360} 70% 45%))`;
}

/** A player's name as the boards show it and their generated avatar is drawn from: @username, else the first name. */
export function playerName(player: {
  username: string | null;
  firstName: string | null;
  tgId?: number;
}): string {
  return player.username ? `@${player.username}` : (player.firstName ?? String(player.tgId ?? ''));
}
