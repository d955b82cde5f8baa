import type { MigrationInterface } from 'typeorm';

import { UsersLedgerAuth1795348787450 } from './1795348787450-UsersLedgerAuth.js';
import { MemesTemplatesGenerations1795349071372 } from './1795349071372-MemesTemplatesGenerations.js';
import { TelegramUpdates1795428370943 } from './1795428370943-TelegramUpdates.js';
import { ConfigAdmins1795428490674 } from './1795428490674-ConfigAdmins.js';
import { PaymentsPlansVisits1795428716264 } from './1795428716264-PaymentsPlansVisits.js';
import { LedgerEntriesEarned1795429045906 } from './1795429045906-LedgerEntriesEarned.js';
import { Quests1795429127432 } from './1795429127432-Quests.js';
import { TonWallets1795429556163 } from './1795429556163-TonWallets.js';
import { SquadsPromoCodes1795429860939 } from './1795429860939-SquadsPromoCodes.js';
import { GameLoop1795436187997 } from './1795436187997-GameLoop.js';
import { MiniAppPolish1795437100000 } from './1795437100000-MiniAppPolish.js';
import { StickerPacks1795438719214 } from './1795438719214-StickerPacks.js';
import { FaceLists1795447968541 } from './1795447968541-FaceLists.js';
import { Moderation1795782615375 } from './1795782615375-Moderation.js';
import { AdminConsole1795783997863 } from './1795783997863-AdminConsole.js';
import { DeletedAccounts1795784489138 } from './1795784489138-DeletedAccounts.js';
import { FaceConsent1795793603485 } from './1795793603485-FaceConsent.js';
import { CaptionSkeletons1795794764087 } from './1795794764087-CaptionSkeletons.js';
import { MemeReview1795795165976 } from './1795795165976-MemeReview.js';
import { TemplateCaptions1795795355547 } from './1795795355547-TemplateCaptions.js';
import { RussianTexts1795795563800 } from './1795795563800-RussianTexts.js';
import { Animations1795798458938 } from './1795798458938-Animations.js';
import { UserGender1795799352377 } from './1795799352377-UserGender.js';
import { LedgerPartitions1795805358997 } from './1795805358997-LedgerPartitions.js';
import { DefaultFace1795806668156 } from './1795806668156-DefaultFace.js';
import { BalanceVersion1795816452707 } from './1795816452707-BalanceVersion.js';

// Every migration in order. `npm run migration:generate -w backend -- <Name>` rewrites this file.
export const migrations: (new () => MigrationInterface)[] = [
  UsersLedgerAuth1795348787450,
  MemesTemplatesGenerations1795349071372,
  TelegramUpdates1795428370943,
  ConfigAdmins1795428490674,
  PaymentsPlansVisits1795428716264,
  LedgerEntriesEarned1795429045906,
  Quests1795429127432,
  TonWallets1795429556163,
  SquadsPromoCodes1795429860939,
  GameLoop1795436187997,
  MiniAppPolish1795437100000,
  StickerPacks1795438719214,
  FaceLists1795447968541,
  Moderation1795782615375,
  AdminConsole1795783997863,
  DeletedAccounts1795784489138,
  FaceConsent1795793603485,
  CaptionSkeletons1795794764087,
  MemeReview1795795165976,
  TemplateCaptions1795795355547,
  RussianTexts1795795563800,
  Animations1795798458938,
  UserGender1795799352377,
  LedgerPartitions1795805358997,
  DefaultFace1795806668156,
  BalanceVersion1795816452707,
];
