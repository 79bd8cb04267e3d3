import { Access } from '../../common/access.provider.js';
import { Module } from '@nestjs/common';
import { PayRuleResolver } from './graphql/pay-rule.resolver.js';
import { PayRulesController } from './http/pay-rules.controller.js';
import { PayRulesUseCase } from './use-cases/pay-rules.use-case.js';

@Module({ controllers: [PayRulesController], providers: [Access, PayRulesUseCase, PayRuleResolver] })
export class PayRulesModule {}
