import type {
  GenerationFailureCode,
  GenerationStage,
  GenerationStatusDto,
  MemeDto,
} from '@mememint/contracts';
import { useEffect, useState } from 'react';

import type { ApiClient } from '../../lib/api-client';
import type { GameSocket } from '../../lib/socket';
import { getGenerationStatus } from './api/get-generation-status';

export interface GenerationView {
  stage: GenerationStage;
  /** 0–100 */
  progress: number;
  meme?: MemeDto;
  error?: string;
  /** Which input the failure blames, when the player can fix it. */
  errorCode?: GenerationFailureCode;
}

/** How often the status is polled while the socket is down. */
export const STATUS_POLL_MS = 2000;

const INITIAL: GenerationView = { stage: 'queued', progress: 0 };

function fromStatus(status: GenerationStatusDto): GenerationView {
  if (status.status === 'done' && status.meme) return { stage: 'done', progress: 100, meme: status.meme };
  if (status.status === 'failed')
    return {
      stage: status.stage,
      progress: status.progress,
      error: status.error ?? '',
      ...(status.errorCode ? { errorCode: status.errorCode } : {}),
    };
  return { stage: status.stage, progress: status.progress };
}

/** Progress only moves forward, whichever source (socket event or poll) reports first. */
function merge(old: GenerationView, next: GenerationView): GenerationView {
  if (old.meme || old.error !== undefined) return old;
  if (next.meme || next.error !== undefined) return next;
  return next.progress >= old.progress ? next : old;
}

/**
 * Live progress of one generation: socket events (generation:progress/done/failed), with the status
 * call as fallback — once right away (an event may have gone out before we listened), then every
 * STATUS_POLL_MS while the socket is not connected.
 */
export function useGeneration(
  id: string | null,
  client: ApiClient,
  socket: GameSocket | null,
): GenerationView {
  const [view, setView] = useState<GenerationView>(INITIAL);

  useEffect(() => {
    setView(INITIAL);
    if (!id) return;
    let stopped = false;
    const update = (next: GenerationView) => {
      if (stopped) return;
      if (next.meme || next.error !== undefined) clearInterval(timer);
      setView((old) => merge(old, next));
    };

    const onProgress = (p: { id: string; stage: GenerationStage; progress: number }) =>
      p.id === id && update({ stage: p.stage, progress: p.progress });
    const onDone = (p: { id: string; meme: MemeDto }) =>
      p.id === id && update({ stage: 'done', progress: 100, meme: p.meme });
    const onFailed = (p: { id: string; detail: string; code?: GenerationFailureCode }) =>
      p.id === id &&
      update({ stage: 'done', progress: 100, error: p.detail, ...(p.code ? { errorCode: p.code } : {}) });
    socket?.on('generation:progress', onProgress);
    socket?.on('generation:done', onDone);
    socket?.on('generation:failed', onFailed);

    const poll = () =>
      getGenerationStatus(client, id).then(
        (status) => update(fromStatus(status)),
        () => undefined, // a missed poll is retried on the next tick
      );
    void poll();
    const timer = setInterval(() => {
      if (!socket?.connected) void poll();
    }, STATUS_POLL_MS);

    return () => {
      stopped = true;
      clearInterval(timer);
      socket?.off('generation:progress', onProgress);
      socket?.off('generation:done', onDone);
      socket?.off('generation:failed', onFailed);
    };
  }, [id, client, socket]);

  return view;
}
