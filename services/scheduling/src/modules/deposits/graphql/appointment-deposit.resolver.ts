import { Field, Int, ObjectType, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { AppointmentModel } from '../../appointments/graphql/appointment.resolver.js';
import type { AppointmentView } from '../../appointments/persistence/appointment.repository.js';
import { AppointmentDepositsUseCase } from '../use-cases/appointment-deposits.use-case.js';

@ObjectType('AppointmentDeposit', { description: "An online booking's deposit: pending (time held), paid, or released" })
export class AppointmentDepositModel {
  @Field({ description: 'deposit (money) | card (only a card saved on file, nothing charged)' }) kind: string;
  @Field(() => Int) amountMinor: number;
  @Field() currency: string;
  @Field({ description: 'pending | paid | released' }) status: string;
  @Field(() => Date) dueAt: string;
}

/** `Appointment.deposit` for the calendar's "Deposit paid" mark (null when the booking asked for none). */
@Resolver(() => AppointmentModel)
export class AppointmentDepositResolver {
  constructor(private readonly deposits: AppointmentDepositsUseCase) {}

  @ResolveField(() => AppointmentDepositModel, { nullable: true })
  async deposit(@Parent() a: AppointmentView): Promise<AppointmentDepositModel | null> {
    const d = (await this.deposits.ofAppointments([a.id])).get(a.id);
    return d ? { kind: d.kind, amountMinor: d.amountMinor, currency: d.currency, status: d.status, dueAt: d.dueAt } : null;
  }
}
