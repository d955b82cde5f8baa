import { Writable } from 'node:stream';

/** An app's log (`createTestApp({ logs })`), one parsed JSON object per line. */
export class LogLines extends Writable {
  readonly lines: Record<string, unknown>[] = [];

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString().split('\n')) if (line) this.lines.push(JSON.parse(line));
    done();
  }
}
