import { APPOINTMENT_ACTIONS } from '@salon/contracts';
import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { given } from '../../../common/graphql-input.js';
import { AppointmentSeriesUseCase } from '../use-cases/appointment-series.use-case.js';
import {
  AppointmentSeriesDetailModel,
  AppointmentSeriesInput,
  CancelSeriesInput,
  SeriesCancelledModel,
  SeriesCreatedModel,
  SeriesPreviewModel,
} from './appointment-series.model.js';

/** The same rules as /api/appointment-series; a refused series is CONFLICT with extensions.conflicts [{startsAt, reason}]. */
@Resolver()
export class AppointmentSeriesResolver {
  constructor(private readonly series: AppointmentSeriesUseCase) {}

  @RequirePermission(APPOINTMENT_ACTIONS.book)
  @Query(() => SeriesPreviewModel, { description: 'Every occurrence with ok / reason and the nearest alternatives; nothing is saved' })
  appointmentSeriesPreview(@Args('input') input: AppointmentSeriesInput) {
    return this.series.preview(given(input));
  }

  @RequirePermission(APPOINTMENT_ACTIONS.seeAll)
  @Query(() => AppointmentSeriesDetailModel)
  appointmentSeries(@Args('id', { type: () => ID }) id: string) {
    return this.series.get(id);
  }

  @RequirePermission(APPOINTMENT_ACTIONS.book)
  @Mutation(() => SeriesCreatedModel)
  createAppointmentSeries(@CurrentAuth() auth: AuthContext, @Args('input') input: AppointmentSeriesInput) {
    return this.series.create(auth, given(input));
  }

  @RequirePermission(APPOINTMENT_ACTIONS.change)
  @Mutation(() => SeriesCancelledModel, { description: '"This and following"' })
  cancelAppointmentSeries(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: CancelSeriesInput,
  ) {
    return this.series.cancelFollowing(auth, id, given(input));
  }
}
