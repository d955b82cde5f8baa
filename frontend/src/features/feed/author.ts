import type { FeedAuthorDto } from '@mememint/contracts';

/** `@username`, else the first name. */
export function authorName(author: Pick<FeedAuthorDto, 'username' | 'firstName'>): string {
  return author.username ? `@${author.username}` : (author.firstName ?? '');
}

/** A meme's contest day is the UTC day it was first published; votes are taken on that day only. */
export function isVotingOpen(publishedAt: string | null, now = new Date()): boolean {
  return publishedAt !== null && publishedAt.slice(0, 10) === now.toISOString().slice(0, 10);
}
