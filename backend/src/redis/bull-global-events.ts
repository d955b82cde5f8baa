import { once } from 'node:events';

import type { Queue } from 'bull';

/** Bull's record of the global events it subscribed to (internal, read only to await a subscription). */
type RegisteringQueue = Queue & { registeredEvents?: Record<string, Promise<unknown> | undefined> };

/** A global event's listener: the job's id and the event's value (a progress report, a result's JSON, a reason). */
export type GlobalListener = (jobId: string, value: string) => void;

/**
 * Listens to a Bull queue's global event (`global:completed`, … from workers in any process) and resolves
 * once the Redis subscription exists, so no report is missed after it. Bull subscribes once per event and
 * queue and says `registered:global:<event>` only then: a second listener (two services hearing one
 * queue) awaits that same subscription instead of an announcement that already went.
 */
export async function onGlobal(queue: Queue, event: string, listener: GlobalListener): Promise<void> {
  const name = event.replace(/^global:/, '');
  const pending = (queue as RegisteringQueue).registeredEvents?.[name];
  const registered = pending ? Promise.resolve(pending) : once(queue, `registered:global:${name}`);
  queue.on(`global:${name}`, listener);
  await registered;
}
