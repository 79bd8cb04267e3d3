import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { Public } from '@salon/nest-kit';
import { BookingDepositsUseCase } from '../use-cases/booking-deposits.use-case.js';

/**
 * The booking page's deposit (no account): the appointment's id from the booking's answer starts it,
 * the deposit's id reads it. Both are unguessable; neither answer says more than the amount and state.
 */
@Public()
@Controller('api/booking-deposits')
export class BookingDepositsController {
  constructor(private readonly deposits: BookingDepositsUseCase) {}

  /** 201 with the deposit and its card modal (the same deposit again for the same appointment). */
  @Post()
  start(@Body() body: unknown) {
    return this.deposits.start(body);
  }

  /** The deposit as Stripe has it now: `held` once paid and booked; `failed`/`released` say why. */
  @Get(':id')
  view(@Param('id') id: string) {
    return this.deposits.view(id);
  }
}
