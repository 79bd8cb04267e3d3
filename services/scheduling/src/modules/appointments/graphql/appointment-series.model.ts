import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { SeriesView } from '../persistence/appointment-series.repository.js';
import type { TakenTime } from '@salon/contracts';
import type { OccurrenceView } from '../use-cases/appointment-series.use-case.js';
import { AppointmentModel, VisitPartInput } from './appointment.resolver.js';

@ObjectType('SlotResource')
export class SlotResourceModel {
  @Field(() => ID) id: string;
  @Field() kind: string;
  @Field() name: string;
}

@ObjectType('VisitSlotSegment')
export class VisitSlotSegmentModel {
  @Field(() => ID) serviceId: string;
  @Field() serviceName: string;
  @Field(() => ID) staffId: string;
  @Field() staffName: string;
  @Field() startsAt: string;
  @Field() endsAt: string;
}

/** A free time the engine offers instead of a refused one. */
@ObjectType('AlternativeSlot')
export class AlternativeSlotModel {
  @Field() startsAt: string;
  @Field() endsAt: string;
  @Field(() => ID) staffId: string;
  @Field() staffName: string;
  @Field(() => [SlotResourceModel]) resources: SlotResourceModel[];
  @Field(() => [VisitSlotSegmentModel], { nullable: true }) segments?: VisitSlotSegmentModel[];
}

@ObjectType('SeriesOccurrence')
export class SeriesOccurrenceModel implements OccurrenceView {
  @Field() startsAt: string;
  @Field(() => String, { nullable: true }) endsAt: string | null;
  @Field() ok: boolean;
  @Field(() => ID, { nullable: true }) staffId: string | null;
  @Field(() => String, { nullable: true }) staffName: string | null;
  @Field(() => String, { nullable: true }) reason: string | null;
  @Field(() => [String]) reasons: string[];
  @Field(() => [AlternativeSlotModel]) alternatives: AlternativeSlotModel[] & OccurrenceView['alternatives'];
}

@ObjectType('SeriesPreview')
export class SeriesPreviewModel {
  @Field() timeZone: string;
  @Field(() => [SeriesOccurrenceModel]) occurrences: SeriesOccurrenceModel[];
}

@ObjectType('SeriesServicePart')
export class SeriesServicePartModel {
  @Field(() => ID) serviceId: string;
  @Field(() => ID, { nullable: true }) staffId: string | null;
}

@ObjectType('AppointmentSeries')
export class AppointmentSeriesModel implements SeriesView {
  @Field(() => ID) id: string;
  @Field(() => ID) locationId: string;
  @Field(() => ID) clientId: string;
  @Field(() => Int) everyWeeks: number;
  @Field(() => String, { nullable: true }) until: string | null;
  @Field(() => Int, { nullable: true }) count: number | null;
  @Field() firstStartsAt: string;
  @Field() timeZone: string;
  @Field(() => [SeriesServicePartModel]) services: SeriesServicePartModel[];
  @Field(() => String, { nullable: true }) cancelledFrom: string | null;
  @Field() createdAt: string;
}

@ObjectType('AppointmentSeriesWithAppointments')
export class AppointmentSeriesDetailModel extends AppointmentSeriesModel {
  @Field(() => [AppointmentModel]) appointments: AppointmentModel[];
}

@ObjectType('RefusedOccurrence')
export class RefusedOccurrenceModel implements TakenTime {
  @Field() startsAt: string;
  @Field() reason: string;
}

@ObjectType('SeriesCreated')
export class SeriesCreatedModel {
  @Field(() => AppointmentSeriesModel) series: AppointmentSeriesModel;
  @Field(() => [AppointmentModel]) appointments: AppointmentModel[];
  @Field(() => [RefusedOccurrenceModel], { description: 'Dates left out (skipConflicts) with the reason' })
  skipped: RefusedOccurrenceModel[];
}

@ObjectType('SeriesCancelled')
export class SeriesCancelledModel {
  @Field(() => [AppointmentModel]) cancelled: AppointmentModel[];
}

@InputType()
export class AppointmentSeriesInput {
  @Field(() => ID) locationId: string;
  @Field(() => ID) clientId: string;
  @Field(() => ID, { nullable: true }) serviceId?: string;
  @Field(() => [VisitPartInput], { nullable: true }) services?: VisitPartInput[];
  @Field(() => ID, { nullable: true }) staffId?: string | null;
  @Field() startsAt: string;
  @Field(() => String, { nullable: true }) notes?: string | null;
  @Field(() => String, { nullable: true, description: 'staff | online | api' }) source?: string;
  @Field(() => Int) everyWeeks: number;
  @Field(() => String, { nullable: true, description: 'Local date YYYY-MM-DD (inclusive); or count' }) until?: string;
  @Field(() => Int, { nullable: true }) count?: number;
  @Field(() => Boolean, { nullable: true, description: 'Book the free dates and skip the refused ones' }) skipConflicts?: boolean;
}

@InputType()
export class CancelSeriesInput {
  @Field(() => ID) fromAppointmentId: string;
  @Field(() => String, { nullable: true }) reason?: string | null;
}
