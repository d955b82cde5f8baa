/**
 * A caption reduced to what makes it the same caption: compatibility forms folded (NFKC), case dropped,
 * punctuation and spacing reduced to single spaces. "Hello, World!" and "hello world" are one caption.
 * Null when nothing is left (an empty or punctuation-only caption is not a caption).
 */
export function normalizeCaption(text: string | null): string | null {
  if (text === null) return null;
  const normalized = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return normalized === '' ? null : normalized;
}
