import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { given } from '../../../common/graphql-input.js';
import { BookingDesignUseCase } from '../use-cases/booking-design.use-case.js';
import { BookingDesignInput, BookingDesignModel } from './booking-design.model.js';

/** /booking-design's editor (spec §3: view or edit business settings to read, edit to save). The public page reads REST. */
@Resolver()
export class BookingDesignResolver {
  constructor(private readonly design: BookingDesignUseCase) {}

  @RequirePermission({ anyOf: ['view_business_settings', 'edit_business_settings'] })
  @Query(() => BookingDesignModel)
  bookingDesign() {
    return this.design.get();
  }

  @RequirePermission('edit_business_settings')
  @Mutation(() => BookingDesignModel)
  saveBookingDesign(@CurrentAuth() auth: AuthContext, @Args('input') input: BookingDesignInput) {
    return this.design.save(auth, given(input));
  }
}
