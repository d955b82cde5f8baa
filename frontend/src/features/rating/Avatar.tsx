/** A round picture of a player, or their initial. */
export function MiniAvatar({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  return (
    <span className="mini-avatar" aria-hidden="true">
      {photoUrl ? <img src={photoUrl} alt="" /> : name.replace(/^@/, '').slice(0, 1).toUpperCase()}
    </span>
  );
}

export function playerName(player: {
  username: string | null;
  firstName: string | null;
  tgId?: number;
}): string {
  return player.username ? `@${player.username}` : (player.firstName ?? String(player.tgId ?? ''));
}
