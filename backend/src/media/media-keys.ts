/**
 * Where each kind of image is stored. Player faces are private (never served); the rest are served
 * publicly under unguessable ids by the media controller.
 */
export const MediaKeys = {
  face: (userId: number, id: string) => `faces/${userId}/${id}.jpg`,
  /** The folder of every face photo of a player (and their analyses). */
  facesOf: (userId: number) => `faces/${userId}`,
  template: (id: string) => ({ image: `templates/${id}.jpg`, thumbnail: `templates/${id}.thumb.webp` }),
  /**
   * An animated template: the upload as it came (never served), the MP4 the worker made of it, and its
   * face tracks (never served); `template(id)` names its poster and thumbnail.
   */
  animation: (id: string) => ({
    source: `templates/${id}.source`,
    video: `templates/${id}.mp4`,
    tracks: `templates/${id}.tracks.json`,
  }),
  memeBase: (id: string) => ({ image: `memes/${id}.jpg`, thumbnail: `memes/${id}.thumb.webp` }),
  generation: (id: string) => ({
    image: `generations/${id}.jpg`,
    thumbnail: `generations/${id}.thumb.webp`,
    /** The result before its caption (a new caption is drawn on it). */
    plain: `generations/${id}.plain.jpg`,
    /** The swapped faces' mask over the result (face stickers are cut out along it). */
    mask: `generations/${id}.mask.png`,
    /** An animated result's MP4 (`image` is then its poster). */
    video: `generations/${id}.mp4`,
    /** An animated result before its caption (a new caption is laid on its frames). */
    plainVideo: `generations/${id}.plain.mp4`,
    /** An animated result's swapped tracks (face video stickers are cut out along them). */
    tracks: `generations/${id}.tracks.json`,
  }),
  /** A video sticker the worker made, read once by the stickers job and removed. */
  videoSticker: (generationId: string, version: string) =>
    `generations/${generationId}.sticker-${version}.webm`,
  /** A face sticker the worker cut out, read once by the stickers job and removed. */
  faceSticker: (generationId: string, version: string) =>
    `generations/${generationId}.sticker-${version}.png`,
  /** A meme's picture with an edited caption: a new name per edit, so no cache keeps the old one. */
  recaption: (memeId: string, version: string) => ({
    image: `generations/${memeId}.${version}.jpg`,
    thumbnail: `generations/${memeId}.${version}.thumb.webp`,
    /** An animated meme's new MP4 (`image` is then its poster). */
    video: `generations/${memeId}.${version}.mp4`,
  }),
};

/** Top-level folders the media endpoint serves; `faces/` is deliberately absent. */
const PUBLIC_MEDIA_FOLDERS: readonly string[] = ['templates', 'memes', 'generations'];

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/**
 * Files the worker keeps beside a result for the backend's own use, never served (issue 28 #10): the
 * caption-less original (`.plain.jpg`, an animation's `.plain.mp4`), the faces' mask (`.mask.png`), an animation's swapped tracks
 * (`.tracks.json`) and stickers made for a pack.
 */
const PRIVATE_MEDIA_FILES = /\.plain\.(jpg|mp4)$|\.mask\.png$|\.tracks\.json$|\.sticker-[^/]*\.(png|webm)$/;

/** The content type served for a key, or null for a key the media endpoint does not serve. */
export function publicContentType(key: string): string | null {
  if (!PUBLIC_MEDIA_FOLDERS.includes(key.split('/')[0]!)) return null;
  if (PRIVATE_MEDIA_FILES.test(key)) return null;
  const extension = key.slice(key.lastIndexOf('.'));
  return CONTENT_TYPES[extension] ?? null;
}

/** The URL the client loads a stored image from. */
export function mediaUrl(key: string): string {
  return `/api/media/${key}`;
}
