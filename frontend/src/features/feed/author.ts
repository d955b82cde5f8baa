import type { FeedAuthorDto } from '@mememint/contracts';
import { useEffect, useState } from 'react';

/** `@username`, else the first name. */
export function authorName(author: Pick<FeedAuthorDto, 'username' | 'firstName'>): string {
  return author.username ? `@${author.username}` : (author.firstName ?? '');
}

/** A meme's contest day is the UTC day it was first published; votes are taken on that day only. */
export function isVotingOpen(publishedAt: string | null, now = new Date()): boolean {
  return publishedAt !== null && publishedAt.slice(0, 10) === now.toISOString().slice(0, 10);
}

/** Milliseconds from `now` to the next UTC midnight, when a contest day ends. */
export function msToUtcMidnight(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return next - now.getTime();
}

/** Now, renewed when the UTC day turns, so what is open "today" closes on screen at midnight. */
export function useContestNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), msToUtcMidnight(now) + 1000);
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}
