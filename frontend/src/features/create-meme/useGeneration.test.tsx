import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { ApiClient } from '../../lib/api-client';
import { tokenStore } from '../../lib/tokens';
import { startApiServer } from '../../test/api-server';
import { TEST_MEME as MEME } from '../../test/fixtures';
import { STATUS_POLL_MS, useGeneration } from './useGeneration';

let server: Awaited<ReturnType<typeof startApiServer>>;
afterEach(() => server.close());

describe('useGeneration without a socket', () => {
  it('polls the status call until the meme is there, then stops polling', async () => {
    let calls = 0;
    server = await startApiServer(() => {
      calls += 1;
      return calls === 1
        ? { status: 200, body: { id: 'g1', status: 'processing', stage: 'swap', progress: 60 } }
        : { status: 200, body: { id: 'g1', status: 'done', stage: 'done', progress: 100, meme: MEME } };
    });
    const client = new ApiClient({ baseUrl: server.baseUrl, tokens: tokenStore, onLogout: () => undefined });

    const { result } = renderHook(() => useGeneration('g1', client, null));

    await waitFor(() => expect(result.current).toEqual({ stage: 'swap', progress: 60 }));
    await waitFor(() => expect(result.current.meme).toEqual(MEME), { timeout: STATUS_POLL_MS * 3 });
    expect(result.current).toMatchObject({ stage: 'done', progress: 100 });
    const settled = calls;
    await new Promise((r) => setTimeout(r, STATUS_POLL_MS + 200));
    expect(calls).toBe(settled);
    expect(server.requests.every((r) => r.path === '/api/v1/memes/generations/g1/status/')).toBe(true);
  });

  it('reports a failure with the reason the server gave', async () => {
    server = await startApiServer(() => ({
      status: 200,
      body: {
        id: 'g2',
        status: 'failed',
        stage: 'detect',
        progress: 15,
        error: "There's no face on your photo",
      },
    }));
    const client = new ApiClient({ baseUrl: server.baseUrl, tokens: tokenStore, onLogout: () => undefined });

    const { result } = renderHook(() => useGeneration('g2', client, null));

    await waitFor(() => expect(result.current.error).toBe("There's no face on your photo"));
  });
});
