/** Query keys of the sticker packs. */
export const stickerKeys = {
  all: () => ['stickers'] as const,
  list: () => [...stickerKeys.all(), 'list'] as const,
};
