import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { UsersModule } from '../users/users.module.js';
import { TonWallet } from './entities/ton-wallet.entity.js';
import { TonConnectManifestController } from './tonconnect-manifest.controller.js';
import { WalletController } from './wallet.controller.js';
import { WalletRepository } from './wallet.repository.js';
import { WalletService } from './wallet.service.js';

/** TON Connect: the manifest, the wallet proof and link, the airdrop share. */
@Module({
  imports: [TypeOrmModule.forFeature([TonWallet]), UsersModule],
  controllers: [WalletController, TonConnectManifestController],
  providers: [WalletService, WalletRepository],
})
export class WalletModule {}
