import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { AutomationResolver } from './graphql/automation.resolver.js';
import { AutomationsUseCase } from './use-cases/automations.use-case.js';
import { CustomAutomationsUseCase } from './use-cases/custom-automations.use-case.js';

/** The API process's face of automations: the /automations screen's queries and mutations. */
@Module({ imports: [DeliveryModule], providers: [AutomationsUseCase, CustomAutomationsUseCase, AutomationResolver] })
export class AutomationsApiModule {}
