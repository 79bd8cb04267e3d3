import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { actorUuid, POS_PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { MembershipBillingUseCase } from '../use-cases/membership-billing.use-case.js';
import { PrepaidUseCase } from '../use-cases/prepaid.use-case.js';

@Controller('api')
export class MembershipsController {
  constructor(
    private readonly prepaid: PrepaidUseCase,
    private readonly billing: MembershipBillingUseCase,
  ) {}

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('prepaid-plans')
  plans() {
    return this.prepaid.listPlans();
  }

  /** `{kind, name, priceMinor, period?, credits, serviceIds?, discountPercent?, validityDays?}` → 201 the plan. */
  @RequirePermission('edit_business_settings')
  @Post('prepaid-plans')
  createPlan(@Body() body: unknown) {
    return this.prepaid.createPlan(body);
  }

  /** ?clientId=&kind=membership|package: what clients hold, newest first, with the credit ledger. */
  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('memberships')
  list(@Query() query: Record<string, string>) {
    return this.prepaid.list(query);
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('memberships/:id')
  get(@Param('id') id: string) {
    return this.prepaid.get(id);
  }

  /** `{action: pause|resume|cancel, when?: now|period_end}`; 409 with the state machine's reason. */
  @RequirePermission('use_pos')
  @Post('memberships/:id/actions')
  act(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.prepaid.act({ type: 'user', id: actorUuid(auth.userId) }, id, body);
  }

  /** `{planId}`: another plan of the same period; 400 naming planId, 409 past due or ended, 402 the card declined the proration. */
  @RequirePermission('use_pos')
  @Post('memberships/:id/plan')
  @HttpCode(200)
  changePlan(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.billing.changePlan({ type: 'user', id: actorUuid(auth.userId) }, id, body);
  }

  /** ?giftCardCodes=A,B: the prepaid value the ticket can use, line by line, best for the client first. */
  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('tickets/:id/prepaid')
  suggestions(@Param('id') id: string, @Query('giftCardCodes') codes?: string) {
    return this.prepaid.suggestions(id, codes ? codes.split(',').filter(Boolean) : []);
  }
}
