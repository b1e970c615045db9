import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecondFactorModule } from '../second-factor/second-factor.module.js';
import { Passkey } from './passkey.entity.js';
import { PasskeyFactorSource } from './passkey-factor.source.js';

/**
 * Passkeys as a kind of second factor, alone: the app and `npm run admin:reset-mfa` (which
 * starts no HTTP server) both load it, so a reset sees and removes passkeys.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Passkey]), SecondFactorModule],
  providers: [PasskeyFactorSource],
})
export class PasskeyFactorModule {}
