import ort from 'onnxruntime-node';

import type { InferenceConfig } from '../config.js';

export type SessionOptions = Pick<InferenceConfig, 'device' | 'intraOpThreads'>;

const sessions = new Map<string, Promise<ort.InferenceSession>>();
let cudaFallbackLogged = false;

async function create(modelPath: string, options: SessionOptions): Promise<ort.InferenceSession> {
  const base: ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: options.intraOpThreads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    // Errors only: the BlazeFace files carry unused initialisers that ORT warns about on every load.
    logSeverityLevel: 3,
    // Idle intra-op threads sleep instead of spinning: on a shared CPU spinning made a BlazeFace run 3× slower.
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  };
  if (options.device === 'cuda') {
    try {
      return await ort.InferenceSession.create(modelPath, { ...base, executionProviders: ['cuda', 'cpu'] });
    } catch (error) {
      // The CPU-only package has no CUDA provider: say so once and carry on.
      if (!cudaFallbackLogged) {
        cudaFallbackLogged = true;
        console.warn(
          `INFERENCE_DEVICE=cuda but the CUDA execution provider is unavailable (${(error as Error).message}); using CPU`,
        );
      }
    }
  }
  return ort.InferenceSession.create(modelPath, { ...base, executionProviders: ['cpu'] });
}

/** One session per model file and process, created on first use and reused. */
export function getSession(modelPath: string, options: SessionOptions): Promise<ort.InferenceSession> {
  let session = sessions.get(modelPath);
  if (!session) {
    session = create(modelPath, options);
    sessions.set(modelPath, session);
    session.catch(() => sessions.delete(modelPath));
  }
  return session;
}
