/** The memes feature's public face: the player's memes and the calls that change them. */
export { useMyMemes, useMyMemesFirstPage } from './api/get-my-memes';
export { memeKeys } from './api/keys';
export { useSharedMeme } from './api/get-shared-meme';
export { useUpdateMeme } from './api/update-meme';
export { uploadMeme } from './api/upload-meme';
