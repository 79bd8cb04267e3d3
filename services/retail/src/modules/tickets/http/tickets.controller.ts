import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { POS_PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { CheckoutQueueUseCase } from '../use-cases/checkout-queue.use-case.js';
import { TicketsUseCase } from '../use-cases/tickets.use-case.js';

@Controller('api')
export class TicketsController {
  constructor(
    private readonly tickets: TicketsUseCase,
    private readonly queue: CheckoutQueueUseCase,
  ) {}

  /** ?locationId=&status=&date= (a local date at the location). */
  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('tickets')
  list(@Query() query: Record<string, string>) {
    return this.tickets.list(query);
  }

  /** 201 with the open ticket: `{locationId, appointmentIds?, clientId?}`. */
  @RequirePermission('use_pos')
  @Post('tickets')
  open(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.tickets.open(auth, body);
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('tickets/:id')
  get(@Param('id') id: string) {
    return this.tickets.get(id);
  }

  /** `{version, lines?, discount?, tip?, clientId?}`; 409 with the current ticket when the version is stale or it is closed. */
  @RequirePermission('use_pos')
  @Patch('tickets/:id')
  update(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.tickets.update(auth, id, body);
  }

  /** `{reason}`: an open ticket with nothing paid. */
  @RequirePermission('use_pos')
  @Post('tickets/:id/void')
  @HttpCode(200)
  void(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.tickets.void(auth, id, body);
  }

  /** ?locationId=&date=: the day's appointments that can be checked out, with the ticket each is on. */
  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('checkout-appointments')
  checkout(@Query() query: Record<string, string>) {
    return this.queue.day(query);
  }
}
