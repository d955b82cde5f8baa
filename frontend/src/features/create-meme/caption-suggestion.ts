import { normalizeCaption } from '@mememint/contracts';

/**
 * Whether a caption is a template's suggestion, unchanged. The feed takes only original captions, so
 * such a meme is not published: the player is asked for words of their own first.
 */
export function isSuggestionUnchanged(caption: string, suggestion: string | null | undefined): boolean {
  const own = normalizeCaption(caption);
  return own !== null && own === normalizeCaption(suggestion);
}
