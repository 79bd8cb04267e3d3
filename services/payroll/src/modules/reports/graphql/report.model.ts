import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('ReportRow', { description: 'One row of a breakdown: what, how many, how much (minor units)' })
export class ReportRowModel {
  @Field() key: string;
  @Field() label: string;
  @Field(() => Int) count: number;
  @Field(() => Int) amountMinor: number;
}

@ObjectType('SalesDay')
export class SalesDayModel {
  @Field() date: string;
  @Field(() => Int) tickets: number;
  @Field(() => Int) salesMinor: number;
  @Field(() => Int) tipsMinor: number;
  @Field(() => Int) refundsMinor: number;
}

@ObjectType('SalesTotals', { description: 'Sales are after discounts, before tax and tips; net is sales less refunds' })
export class SalesTotalsModel {
  @Field(() => Int) tickets: number;
  @Field(() => Int) salesMinor: number;
  @Field(() => Int) servicesMinor: number;
  @Field(() => Int) productsMinor: number;
  @Field(() => Int) otherMinor: number;
  @Field(() => Int) discountMinor: number;
  @Field(() => Int) taxMinor: number;
  @Field(() => Int) tipsMinor: number;
  @Field(() => Int) refundsMinor: number;
  @Field(() => Int) netMinor: number;
  @Field(() => Int) averageTicketMinor: number;
}

@ObjectType('SalesReport')
export class SalesReportModel {
  @Field(() => SalesTotalsModel) totals: SalesTotalsModel;
  @Field(() => [SalesDayModel]) byDay: SalesDayModel[];
  @Field(() => [ReportRowModel]) byService: ReportRowModel[];
  @Field(() => [ReportRowModel]) byStaff: ReportRowModel[];
  @Field(() => [ReportRowModel]) byPaymentMethod: ReportRowModel[];
  @Field(() => [ReportRowModel]) byLocation: ReportRowModel[];
}

@ObjectType('AppointmentsReport', { description: 'Rates in basis points' })
export class AppointmentsReportModel {
  @Field(() => Int) total: number;
  @Field(() => Int) booked: number;
  @Field(() => Int) completed: number;
  @Field(() => Int) cancelled: number;
  @Field(() => Int) noShow: number;
  @Field(() => Int) online: number;
  @Field(() => Int) noShowBps: number;
  @Field(() => Int) onlineBps: number;
  @Field(() => Int, { description: 'Minutes of appointments (not cancelled) in the range' }) bookedMinutes: number;
  @Field(() => Int, { description: "Minutes of working hours (scheduling's weeks less breaks) in the range" }) workingMinutes: number;
  @Field(() => Int, { description: 'Booked over working minutes, in basis points' }) utilisationBps: number;
  @Field(() => [ReportRowModel]) byStaff: ReportRowModel[];
}

@ObjectType('ClientsReport', { description: 'Rates in basis points' })
export class ClientsReportModel {
  @Field(() => Int) newClients: number;
  @Field(() => Int) served: number;
  @Field(() => Int) returning: number;
  @Field(() => Int) firstVisits: number;
  @Field(() => Int) retentionBps: number;
  @Field(() => Int) rebookingBps: number;
  @Field(() => [ReportRowModel]) topClients: ReportRowModel[];
}

@ObjectType('StaffPerformance')
export class StaffPerformanceModel {
  @Field(() => ID) staffId: string;
  @Field(() => String, { nullable: true }) staffName: string | null;
  @Field(() => Int) revenueMinor: number;
  @Field(() => Int) services: number;
  @Field(() => Int) tickets: number;
  @Field(() => Int) averageTicketMinor: number;
  @Field(() => Int) tipsMinor: number;
  @Field(() => Int) completedAppointments: number;
  @Field(() => Int) rebookingBps: number;
  @Field(() => Int) bookedMinutes: number;
  @Field(() => Int) workingMinutes: number;
  @Field(() => Int, { description: 'Booked over working minutes, in basis points' }) utilisationBps: number;
}

@ObjectType('RetailReport')
export class RetailReportModel {
  @Field(() => [ReportRowModel]) topProducts: ReportRowModel[];
}

@ObjectType('GiftCardsReport', {
  description: 'Gift card liability: the balance outstanding at the end of the range (issued − redeemed + refunded ± adjusted − expired)',
})
export class GiftCardsReportModel {
  @Field(() => Int) liabilityMinor: number;
  @Field(() => Int) outstandingCards: number;
  @Field(() => Int) openingLiabilityMinor: number;
  @Field(() => Int) issuedMinor: number;
  @Field(() => Int) issuedCount: number;
  @Field(() => Int) redeemedMinor: number;
  @Field(() => Int) redeemedCount: number;
  @Field(() => Int) refundedMinor: number;
  @Field(() => Int) adjustedMinor: number;
  @Field(() => Int) expiredMinor: number;
}

@ObjectType('MembershipsReport', {
  description: 'Monthly recurring revenue of the memberships active at the end of the range, and churn (basis points)',
})
export class MembershipsReportModel {
  @Field(() => Int) active: number;
  @Field(() => Int) mrrMinor: number;
  @Field(() => Int) activeAtStart: number;
  @Field(() => Int) started: number;
  @Field(() => Int) cancelled: number;
  @Field(() => Int) churnBps: number;
  @Field(() => [ReportRowModel], { description: 'By plan: members (count) and MRR (amount)' }) byPlan: ReportRowModel[];
}

@ObjectType('AutomationResult', { description: "One automation's sends in the range; sentBps: sent over all, in basis points" })
export class AutomationResultModel {
  @Field() kind: string;
  @Field() label: string;
  @Field(() => Int) sent: number;
  @Field(() => Int) skipped: number;
  @Field(() => Int) cancelled: number;
  @Field(() => Int) sentBps: number;
}

@ObjectType('AutomationsReport', {
  description: 'Automated messages finished in the range: sent (sends per channel), skipped or cancelled',
})
export class AutomationsReportModel {
  @Field(() => Int) sent: number;
  @Field(() => Int) skipped: number;
  @Field(() => Int) cancelled: number;
  @Field(() => Int) sms: number;
  @Field(() => Int) email: number;
  @Field(() => [AutomationResultModel]) byKind: AutomationResultModel[];
}

@ObjectType('Report', { description: "A range's reports, from the projections of retail's, scheduling's and clients' events" })
export class ReportModel {
  @Field() from: string;
  @Field() to: string;
  @Field(() => ID, { nullable: true }) locationId: string | null;
  @Field() currency: string;
  @Field(() => SalesReportModel) sales: SalesReportModel;
  @Field(() => AppointmentsReportModel) appointments: AppointmentsReportModel;
  @Field(() => ClientsReportModel) clients: ClientsReportModel;
  @Field(() => [StaffPerformanceModel]) staff: StaffPerformanceModel[];
  @Field(() => RetailReportModel) retail: RetailReportModel;
  @Field(() => GiftCardsReportModel) giftCards: GiftCardsReportModel;
  @Field(() => MembershipsReportModel) memberships: MembershipsReportModel;
  @Field(() => AutomationsReportModel) automations: AutomationsReportModel;
}

@ObjectType('DashboardFigures', { description: "A location's today (its zone) and this week from Monday" })
export class DashboardFiguresModel {
  @Field() date: string;
  @Field() weekStart: string;
  @Field() currency: string;
  @Field(() => Int) tickets: number;
  @Field(() => Int) salesMinor: number;
  @Field(() => Int) tipsMinor: number;
  @Field(() => Int) newClientsThisWeek: number;
}
