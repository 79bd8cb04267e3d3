import { Module } from '@nestjs/common';
import { SmsConsentUseCase } from './use-cases/sms-consent.use-case.js';

@Module({ providers: [SmsConsentUseCase], exports: [SmsConsentUseCase] })
export class ConsentModule {}
