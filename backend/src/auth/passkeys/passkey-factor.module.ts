import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecondFactorModule } from '../second-factor/second-factor.module.js';
import { Passkey } from './passkey.entity.js';
import { PasskeyFactorSource } from './passkey-factor.source.js';

/** Passkeys as a kind of second factor alone, for the app and for `npm run admin:reset-mfa`. */
@Module({
  imports: [TypeOrmModule.forFeature([Passkey]), SecondFactorModule],
  providers: [PasskeyFactorSource],
})
export class PasskeyFactorModule {}
