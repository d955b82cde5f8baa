import type { BalanceDto } from './user.js';
import type { GenerationStage, MemeDto } from './memes.js';

/** Events the server emits to a player's sockets (Socket.IO under `/socket.io`, JWT as `auth: {token}`). */
export interface ServerToClientEvents {
  'generation:progress': (payload: { id: string; stage: GenerationStage; progress: number }) => void;
  'generation:done': (payload: { id: string; meme: MemeDto }) => void;
  'generation:failed': (payload: { id: string; detail: string }) => void;
  balance: (payload: BalanceDto) => void;
  /** A Stars order was paid and its grants applied. */
  'order:paid': (payload: { orderId: string }) => void;
  /** The boost's bonus credits of this UTC day (`YYYY-MM-DD`) were granted. */
  'boost:daily-bonus': (payload: { credits: number; day: string }) => void;
}

/** Events a client may send. */
export interface ClientToServerEvents {
  ping: (ack: (reply: { now: string }) => void) => void;
}
