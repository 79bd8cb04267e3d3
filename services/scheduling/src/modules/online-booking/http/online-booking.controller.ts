import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ClientIp, CurrentAuth, OptionalAuth, Public, type AuthContext } from '@salon/nest-kit';
import { BookingClaimsUseCase } from '../use-cases/booking-claims.use-case.js';
import { MyAppointmentsUseCase } from '../use-cases/my-appointments.use-case.js';
import { OnlineBookingUseCase } from '../use-cases/online-booking.use-case.js';

/** The public booking page's API (no token needed) and a signed-in client's own appointments. */
@Controller('api/online-booking')
export class OnlineBookingController {
  constructor(
    private readonly online: OnlineBookingUseCase,
    private readonly mine: MyAppointmentsUseCase,
    private readonly claims: BookingClaimsUseCase,
  ) {}

  @Public()
  @Get()
  info() {
    return this.online.info();
  }

  @Public()
  @Get('services')
  services(@Query() query: Record<string, string>) {
    return this.online.services(query);
  }

  /** Who may be chosen at the location, with their bio and photo. */
  @Public()
  @Get('staff')
  staff(@Query() query: Record<string, string>) {
    return this.online.staff(query);
  }

  @Public()
  @Get('availability')
  availability(@OptionalAuth() auth: AuthContext | null, @Query() query: Record<string, string>) {
    return this.online.slots(query, new Date(), auth);
  }

  /** 201 with the confirmation, 409 `{error, alternatives, taken}` when the time was taken meanwhile. */
  @Public()
  @Post('appointments')
  book(@OptionalAuth() auth: AuthContext | null, @Body() body: unknown, @ClientIp() ip: string, @Headers('idempotency-key') key?: string) {
    return this.online.book(auth, body, ip, key);
  }

  /** A "this booking is mine" link sent to a client's contact on file: the token is the only credential. */
  @Public()
  @Get('claims/:token')
  claim(@Param('token') token: string) {
    return this.claims.view(token);
  }

  /** 200 with the claim, now `confirmed`: the booking is on the client's profile. 409 once expired. */
  @Public()
  @Post('claims/:token/confirm')
  @HttpCode(200)
  confirmClaim(@Param('token') token: string) {
    return this.claims.confirm(token);
  }

  @Get('my-appointments')
  upcoming(@CurrentAuth() auth: AuthContext) {
    return this.mine.upcoming(auth);
  }

  @Post('my-appointments/:id/cancel')
  cancel(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.mine.cancel(auth, id, body ?? {});
  }

  @Post('my-appointments/:id/reschedule')
  reschedule(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.mine.reschedule(auth, id, body);
  }

  /** For a client another service identified (messaging's AI assistant by the texting phone); service token only. */
  @Get('clients/:clientId/appointments')
  upcomingForClient(@CurrentAuth() auth: AuthContext, @Param('clientId') clientId: string) {
    return this.mine.upcomingForClient(auth, clientId);
  }

  /** 201 with the confirmation (with `deposit` when the time is only held for one); the same Idempotency-Key answers the same booking. */
  @Post('clients/:clientId/appointments')
  bookForClient(
    @CurrentAuth() auth: AuthContext,
    @Param('clientId') clientId: string,
    @Body() body: unknown,
    @Headers('idempotency-key') key?: string,
  ) {
    return this.mine.bookForClient(auth, clientId, body, key);
  }

  @Post('clients/:clientId/appointments/:id/cancel')
  @HttpCode(200)
  cancelForClient(@CurrentAuth() auth: AuthContext, @Param('clientId') clientId: string, @Param('id') id: string, @Body() body: unknown) {
    return this.mine.cancelForClient(auth, clientId, id, body ?? {});
  }

  @Post('clients/:clientId/appointments/:id/reschedule')
  @HttpCode(200)
  rescheduleForClient(
    @CurrentAuth() auth: AuthContext,
    @Param('clientId') clientId: string,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.mine.rescheduleForClient(auth, clientId, id, body);
  }
}
