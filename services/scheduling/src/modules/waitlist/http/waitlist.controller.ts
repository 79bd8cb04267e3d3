import { APPOINTMENT_ACTIONS } from '@salon/contracts';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CurrentAuth, Public, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { WaitlistUseCase } from '../use-cases/waitlist.use-case.js';

@Controller('api/waitlist')
export class WaitlistController {
  constructor(private readonly waitlist: WaitlistUseCase) {}

  /** `{locationId, clientId, serviceId, staffId?, dateFrom, dateTo, windowStart?, windowEnd?, note?}` → 201 entry. */
  @RequirePermission(APPOINTMENT_ACTIONS.book)
  @Post()
  create(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.waitlist.create(auth, body);
  }

  /** ?locationId=&from=&to=[&status=active|all|waiting|offered|booked|cancelled] → entries, oldest first, each with its latest offer. */
  @RequirePermission(APPOINTMENT_ACTIONS.seeAll)
  @Get()
  list(@Query() query: Record<string, string>) {
    return this.waitlist.list(query);
  }

  /** The client's offer link: what is offered, until when. */
  @Public()
  @Get('offers/:token')
  offer(@Param('token') token: string) {
    return this.waitlist.viewByToken(token);
  }

  /** The client accepts through the link: 201 with the appointment, 409 if it expired or was taken. */
  @Public()
  @Post('offers/:token/accept')
  acceptByToken(@Param('token') token: string) {
    return this.waitlist.acceptByToken(token);
  }

  @Public()
  @Post('offers/:token/decline')
  @HttpCode(200)
  declineByToken(@Param('token') token: string) {
    return this.waitlist.declineByToken(token);
  }

  @RequirePermission(APPOINTMENT_ACTIONS.seeAll)
  @Get(':id')
  get(@Param('id') id: string) {
    return this.waitlist.get(id);
  }

  /** Staff accept the entry's open offer on the client's behalf. */
  @RequirePermission(APPOINTMENT_ACTIONS.book)
  @Post(':id/accept')
  accept(@CurrentAuth() auth: AuthContext, @Param('id') id: string) {
    return this.waitlist.acceptForEntry(auth, id);
  }

  @RequirePermission(APPOINTMENT_ACTIONS.change)
  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@Param('id') id: string) {
    return this.waitlist.cancel(id);
  }
}
