export {
  FakeBotApi,
  startFakeBotApi,
  type FakeBotApiOptions,
  type InjectedFailure,
  type RecordedCall,
} from './server.js';
export type { ChatMemberStatus } from './chat-members.js';
export type { Payer, PayOptions, PayResult } from './payments.js';
export { STICKER_LIMITS, stickerSetNameProblem } from './stickers.js';
