/**
 * Runs a task whose outcome its caller does not wait for (after-commit callbacks, event listeners):
 * a throw or a rejection goes to `onError` instead of the caller or an unhandled rejection.
 */
export function runDetached(task: () => unknown, onError: (error: unknown) => void): void {
  try {
    void Promise.resolve(task()).catch(onError);
  } catch (error) {
    onError(error);
  }
}

/** An error as one log line: its stack when it has one. */
export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
