import { describe, expect, it } from '@jest/globals';

import { RequestBatcher } from './request-batcher.js';

interface Item {
  key: string;
  value: number;
}

/** A batcher whose batches finish when the test says so; it records every batch it ran. */
function controlledBatcher(options: { concurrency: number; maxSize: number }) {
  const batches: Item[][] = [];
  const finish: (() => void)[] = [];
  const batcher = new RequestBatcher<Item, number>({
    ...options,
    keyOf: (item) => item.key,
    run: (items) => {
      batches.push(items);
      return new Promise((resolve) => finish.push(() => resolve(items.map((item) => item.value * 10))));
    },
  });
  return { batcher, batches, finish };
}

/** A few turns of the event loop: a finished batch's waiters are answered and the next batch leaves. */
const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('RequestBatcher', () => {
  it('sends a lone item at once, and the items that arrive while every batch is busy together next', async () => {
    const { batcher, batches, finish } = controlledBatcher({ concurrency: 1, maxSize: 100 });
    const first = batcher.submit({ key: 'a', value: 1 });
    await settle();
    expect(batches).toEqual([[{ key: 'a', value: 1 }]]);

    const waiting = [2, 3, 4].map((value) => batcher.submit({ key: `k${value}`, value }));
    await settle();
    expect(batches).toHaveLength(1);
    finish[0]!();
    expect(await first).toBe(10);
    await settle();
    expect(batches[1]!.map((item) => item.value)).toEqual([2, 3, 4]);
    finish[1]!();
    expect(await Promise.all(waiting)).toEqual([20, 30, 40]);
  });

  it('never puts two items of one key in a batch, keeps their order, and caps the batch size', async () => {
    const { batcher, batches, finish } = controlledBatcher({ concurrency: 1, maxSize: 2 });
    const answers = [
      batcher.submit({ key: 'a', value: 1 }),
      batcher.submit({ key: 'a', value: 2 }),
      batcher.submit({ key: 'b', value: 3 }),
      batcher.submit({ key: 'c', value: 4 }),
    ];
    await settle();
    expect(batches[0]!.map((item) => item.value)).toEqual([1, 3]);
    finish[0]!();
    await settle();
    expect(batches[1]!.map((item) => item.value)).toEqual([2, 4]);
    finish[1]!();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
  });

  it('runs at most `concurrency` batches at once', async () => {
    const { batcher, batches, finish } = controlledBatcher({ concurrency: 2, maxSize: 1 });
    const answers = [1, 2, 3, 4, 5].map((value) => batcher.submit({ key: `k${value}`, value }));
    await settle();
    expect(batches).toHaveLength(2);
    finish[0]!();
    await settle();
    expect(batches).toHaveLength(3);
    for (let i = 1; i < 5; i++) {
      finish[i]!();
      await settle();
    }
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
  });

  it('rejects every item of a failed batch, and only its own item for an Error outcome', async () => {
    let fail = true;
    const batcher = new RequestBatcher<Item, number>({
      concurrency: 1,
      maxSize: 10,
      keyOf: (item) => item.key,
      run: async (items) => {
        if (fail) throw new Error('connection lost');
        return items.map((item) => (item.value < 0 ? new Error(`refused ${item.value}`) : item.value));
      },
    });
    const failed = [batcher.submit({ key: 'a', value: 1 }), batcher.submit({ key: 'b', value: 2 })];
    for (const answer of failed) await expect(answer).rejects.toThrow('connection lost');

    fail = false;
    const mixed = [batcher.submit({ key: 'a', value: 1 }), batcher.submit({ key: 'b', value: -2 })];
    await expect(mixed[0]).resolves.toBe(1);
    await expect(mixed[1]).rejects.toThrow('refused -2');
  });
});
