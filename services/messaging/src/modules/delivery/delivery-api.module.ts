import { Module } from '@nestjs/common';
import { DeliveryModule } from './delivery.module.js';
import { MessageResolver } from './graphql/message.resolver.js';
import { MessagesController } from './http/messages.controller.js';

/** The API process's face of delivery: the message log and test sends (GraphQL + REST). */
@Module({ imports: [DeliveryModule], controllers: [MessagesController], providers: [MessageResolver] })
export class DeliveryApiModule {}
