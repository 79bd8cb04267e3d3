import { Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import type { OfferStatus, WaitlistEntryView, WaitlistOfferView, WaitlistStatus } from '@salon/contracts';
import { AppointmentModel } from '../../appointments/graphql/appointment.resolver.js';

@ObjectType('WaitlistOffer')
export class WaitlistOfferModel implements WaitlistOfferView {
  @Field(() => ID) id: string;
  @Field(() => ID) entryId: string;
  @Field(() => ID) chainId: string;
  @Field() windowStart: string;
  @Field() windowEnd: string;
  @Field() startsAt: string;
  @Field() endsAt: string;
  @Field(() => ID) staffId: string;
  @Field() expiresAt: string;
  @Field(() => String, { description: 'open | accepted | declined | expired | lost | withdrawn' }) status: OfferStatus;
  @Field(() => ID, { nullable: true }) appointmentId: string | null;
  @Field() createdAt: string;
}

@ObjectType('WaitlistEntry')
export class WaitlistEntryModel implements WaitlistEntryView {
  @Field(() => ID) id: string;
  @Field(() => ID) locationId: string;
  @Field(() => ID) clientId: string;
  @Field(() => ID) serviceId: string;
  @Field() serviceName: string;
  @Field(() => ID, { nullable: true }) staffId: string | null;
  @Field() dateFrom: string;
  @Field() dateTo: string;
  @Field(() => String, { nullable: true, description: 'HH:mm local, both or neither' }) windowStart: string | null;
  @Field(() => String, { nullable: true }) windowEnd: string | null;
  @Field(() => String, { nullable: true }) note: string | null;
  @Field(() => String, { description: 'waiting | offered | booked | cancelled' }) status: WaitlistStatus;
  @Field(() => ID, { nullable: true }) appointmentId: string | null;
  @Field() createdAt: string;
  @Field(() => WaitlistOfferModel, { nullable: true, description: 'The latest offer made to this entry' }) offer: WaitlistOfferModel | null;
}

@ObjectType('WaitlistAccepted')
export class WaitlistAcceptedModel {
  @Field(() => WaitlistEntryModel) entry: WaitlistEntryModel;
  @Field(() => AppointmentModel) appointment: AppointmentModel;
}

@InputType()
export class WaitlistInput {
  @Field(() => ID) locationId: string;
  @Field(() => ID) clientId: string;
  @Field(() => ID) serviceId: string;
  @Field(() => ID, { nullable: true }) staffId?: string | null;
  @Field({ description: 'YYYY-MM-DD' }) dateFrom: string;
  @Field({ description: 'YYYY-MM-DD' }) dateTo: string;
  @Field(() => String, { nullable: true, description: 'HH:mm' }) windowStart?: string | null;
  @Field(() => String, { nullable: true, description: 'HH:mm' }) windowEnd?: string | null;
  @Field(() => String, { nullable: true }) note?: string | null;
}
