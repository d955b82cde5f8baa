import { avatarGradient, initial, nameHue } from '../../ui/avatar-art';

export { nameHue, playerName } from '../../ui/avatar-art';

/** A round picture of a player: their photo, else one generated from the name (colours and initial). */
export function MiniAvatar({
  name,
  photoUrl,
  size = 32,
}: {
  name: string;
  photoUrl: string | null;
  size?: number;
}) {
  return (
    <span
      className={`mini-avatar${photoUrl ? '' : ' mini-avatar--generated'}`}
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        ...(photoUrl ? {} : { background: avatarGradient(name) }),
      }}
    >
      {photoUrl ? <img src={photoUrl} alt="" /> : initial(name)}
    </span>
  );
}

/** A squad's art: its influencer's photo, else an emblem (a shield in the title's colours, its initial). */
export function SquadEmblem({
  title,
  photoUrl,
  size = 40,
}: {
  title: string;
  photoUrl: string | null;
  size?: number;
}) {
  if (photoUrl) return <MiniAvatar name={title} photoUrl={photoUrl} size={size} />;
  const hue = nameHue(title);
  return (
    <span className="squad-emblem" aria-hidden="true" style={{ width: size, height: size }}>
      <svg width={size} height={size} viewBox="0 0 40 40">
        <path d="M20 2l15 5v11c0 9.5-6.4 16.6-15 20C11.4 34.6 5 27.5 5 18V7z" fill={`hsl(${hue} 70% 50%)`} />
        <path d="M20 6l11 3.7V18c0 7.3-4.7 12.8-11 15.6z" fill={`hsl(${(hue + 40) % 360} 75% 42%)`} />
      </svg>
      <span className="squad-emblem__initial" style={{ fontSize: size * 0.4 }}>
        {initial(title)}
      </span>
    </span>
  );
}
