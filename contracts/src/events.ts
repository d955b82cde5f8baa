import type { MemeCaptionProgress, TemplateAnalysedEvent } from './animation.js';
import type { BalanceDto } from './user.js';
import type { GenerationStage, MemeDto } from './memes.js';
import type { GenerationFailureCode } from './queue.js';
import type { RatingUpdate, RatingWatchAck, RatingWatchRequest } from './rating.js';
import type { StickerPackProgress } from './stickers.js';

/**
 * What comes after the payload of an event sent to one player: its id in the player's event log. A
 * client that reconnects names the last one it got (`auth: {token, lastEventId}`) and is sent what it
 * missed, with their ids, in order (a few may come twice: the client skips an id it has seen).
 */
export interface EventMeta {
  eventId: string;
}

/** The handshake's `auth`. */
export interface SocketAuth {
  token: string;
  /** The id of the last event this client got (`EventMeta.eventId`), when it reconnects. */
  lastEventId?: string;
}

/** Event ids are Redis stream ids, `<ms>-<seq>`: ordered by time, then sequence. */
export function compareEventIds(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split('-').map(Number);
  const [bMs = 0, bSeq = 0] = b.split('-').map(Number);
  return aMs - bMs || aSeq - bSeq;
}

export const EVENT_ID_PATTERN = /^\d{1,15}-\d{1,15}$/;

/**
 * Events the server emits to a player's sockets (Socket.IO under `/socket.io`, JWT as `auth: {token}`).
 * Those sent to one player carry an `EventMeta` after their payload.
 */
export interface ServerToClientEvents {
  'generation:progress': (payload: { id: string; stage: GenerationStage; progress: number }) => void;
  'generation:done': (payload: { id: string; meme: MemeDto }) => void;
  'generation:failed': (payload: { id: string; detail: string; code?: GenerationFailureCode }) => void;
  balance: (payload: BalanceDto) => void;
  /** A swipe rolled a gift (open it with `GET /api/v1/swipes/gifts/apply/`). */
  'gift:received': (payload: { id: string }) => void;
  /** To the author: their meme's likes changed (likes are applied in short batches). */
  'meme:liked': (payload: { memeId: string; likes: number }) => void;
  /** To everyone: a day was settled; `memeId` is its meme of the day (null when nothing was liked). */
  'feed:settled': (payload: { date: string; memeId: string | null }) => void;
  /**
   * To everyone: memes were published since the last one (at most one event per 10 s across all
   * replicas, `count` of them): the feed and the deck load again.
   */
  'memes:published': (payload: { count: number }) => void;
  /** A Stars order was paid and its grants applied. */
  'order:paid': (payload: { orderId: string }) => void;
  /** The boost's bonus credits of this UTC day (`YYYY-MM-DD`) were granted. */
  'boost:daily-bonus': (payload: { credits: number; day: string }) => void;
  /** To the watchers of a board (`rating:watch`): its top entries, at most once per interval while it changes. */
  'rating:update': (payload: RatingUpdate) => void;
  /** While a sticker pack is made or changed: stickers done so far (the request answers the pack). */
  'stickers:progress': (payload: StickerPackProgress) => void;
  /** While an animated meme's caption edit renders (the PATCH answers the meme with its new video). */
  'meme:caption-progress': (payload: MemeCaptionProgress) => void;
  /** To the admin who uploaded an animated template: its analysis ended (enabled when faces were found). */
  'template:analysed': (payload: TemplateAnalysedEvent) => void;
}

/** Events a client may send. */
export interface ClientToServerEvents {
  ping: (ack: (reply: { now: string }) => void) => void;
  /** Start receiving `rating:update` for a board (the current top comes from `GET /api/v1/users/rate/`). */
  'rating:watch': (request: RatingWatchRequest, ack?: (reply: RatingWatchAck) => void) => void;
  /** Stop receiving `rating:update` for a board. */
  'rating:unwatch': (request: RatingWatchRequest, ack?: (reply: RatingWatchAck) => void) => void;
}
