import type { FeedItemDto, FeedVoteDto, FeedVoteRequest, Page } from '@mememint/contracts';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { useUpdateUser } from '../../session';
import { feedKeys } from './keys';

/** POST /v1/feed/{memeId}/ {amount}: stakes coins on the meme becoming the meme of its day. */
export function voteMeme(client: ApiClient, memeId: string, body: FeedVoteRequest): Promise<FeedVoteDto> {
  return client.post<FeedVoteDto>(`/v1/feed/${memeId}/`, body);
}

export interface VoteVariables {
  memeId: string;
  amount: number;
}

/** Marks the meme voted with its new likes in every cached feed page. */
function markVoted(pages: InfiniteData<Page<FeedItemDto>> | undefined, vote: FeedVoteDto) {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      items: page.items.map((item) =>
        item.id === vote.memeId ? { ...item, voted: vote.amount, likes: vote.likes } : item,
      ),
    })),
  };
}

/** A vote: the coins left go on the user, the meme shows the stake in every feed list, votes reload. */
export function useVoteMeme(config: MutationConfig<FeedVoteDto, VoteVariables> = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  return useMutation({
    mutationFn: ({ memeId, amount }: VoteVariables) => voteMeme(client, memeId, { amount }),
    onSuccess: (vote, ...rest) => {
      updateUser(() => ({
        generationLimit: vote.generationLimit,
        memeCoins: vote.memeCoins,
        swipes: vote.swipes,
        balanceVersion: vote.balanceVersion,
      }));
      queryClient.setQueriesData<InfiniteData<Page<FeedItemDto>>>({ queryKey: feedKeys.pages() }, (pages) =>
        markVoted(pages, vote),
      );
      void queryClient.invalidateQueries({ queryKey: feedKeys.voted() });
      config.onSuccess?.(vote, ...rest);
    },
  });
}
