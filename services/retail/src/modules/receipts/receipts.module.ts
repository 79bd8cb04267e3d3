import { Module } from '@nestjs/common';
import { TicketsModule } from '../tickets/tickets.module.js';
import { ReceiptResolver } from './graphql/receipt.resolver.js';
import { ReceiptsController } from './http/receipts.controller.js';
import { ReceiptRepository } from './persistence/receipt.repository.js';
import { ReceiptsUseCase } from './use-cases/receipts.use-case.js';

/** Receipts of closed tickets: the view (printed at the desk) and sending it to the client through messaging. */
@Module({
  imports: [TicketsModule],
  controllers: [ReceiptsController],
  providers: [ReceiptRepository, ReceiptsUseCase, ReceiptResolver],
})
export class ReceiptsModule {}
