import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { POS_PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { CancellationFeesUseCase } from '../use-cases/cancellation-fees.use-case.js';

/** No-show and late-cancel fees of an appointment: what the policy allows, and charging it to the card on file. */
@Controller('api/cancellation-fees')
export class CancellationFeesController {
  constructor(private readonly fees: CancellationFeesUseCase) {}

  @RequirePermission({ anyOf: [...POS_PERMISSIONS, 'charge_fees'] })
  @Get(':appointmentId')
  view(@Param('appointmentId') appointmentId: string) {
    return this.fees.view(appointmentId);
  }

  /** Charges the fee once (a second request answers the first's); 402 declined or authentication asked, 409 no fee or no card. */
  @RequirePermission('charge_fees')
  @Post(':appointmentId/charge')
  @HttpCode(200)
  charge(@CurrentAuth() auth: AuthContext, @Param('appointmentId') appointmentId: string) {
    return this.fees.charge(auth, appointmentId);
  }
}
