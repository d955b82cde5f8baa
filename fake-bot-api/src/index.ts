export {
  FakeBotApi,
  startFakeBotApi,
  type ChatMemberStatus,
  type FakeBotApiOptions,
  type InjectedFailure,
  type Payer,
  type PayOptions,
  type PayResult,
  type RecordedCall,
} from './server.js';
export { STICKER_LIMITS, stickerSetNameProblem } from './stickers.js';
