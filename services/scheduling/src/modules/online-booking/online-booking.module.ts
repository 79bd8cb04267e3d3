import { Module } from '@nestjs/common';
import { AppointmentsModule } from '../appointments/appointments.module.js';
import { AvailabilityModule } from '../availability/availability.module.js';
import { ClientReferencesModule } from '../client-references/client-references.module.js';
import { SchedulesModule } from '../schedules/schedules.module.js';
import { DepositsModule } from '../deposits/deposits.module.js';
import { MemberWindowsModule } from '../member-windows/member-windows.module.js';
import { BookingDesignResolver } from './graphql/booking-design.resolver.js';
import { BookingDesignController } from './http/booking-design.controller.js';
import { OnlineBookingController } from './http/online-booking.controller.js';
import { OnlineBookingRepository } from './persistence/online-booking.repository.js';
import { BookingClaimsRepository } from './persistence/booking-claims.repository.js';
import { PlatformLookup } from './persistence/platform-lookup.provider.js';
import { VisitorProfilesRepository } from './persistence/visitor-profiles.repository.js';
import { VisitorProfileSweepProcessor } from './jobs/visitor-profile-sweep.processor.js';
import { BookingClaimsUseCase } from './use-cases/booking-claims.use-case.js';
import { VisitorProfilesUseCase } from './use-cases/visitor-profiles.use-case.js';
import { BookingDesignUseCase } from './use-cases/booking-design.use-case.js';
import { MyAppointmentsUseCase } from './use-cases/my-appointments.use-case.js';
import { OnlineBookingUseCase } from './use-cases/online-booking.use-case.js';

@Module({
  imports: [AppointmentsModule, AvailabilityModule, SchedulesModule, ClientReferencesModule, DepositsModule, MemberWindowsModule],
  controllers: [OnlineBookingController, BookingDesignController],
  providers: [
    OnlineBookingRepository,
    PlatformLookup,
    VisitorProfilesRepository,
    BookingClaimsRepository,
    VisitorProfilesUseCase,
    BookingClaimsUseCase,
    VisitorProfileSweepProcessor,
    OnlineBookingUseCase,
    MyAppointmentsUseCase,
    BookingDesignUseCase,
    BookingDesignResolver,
  ],
  // Identity's and clients' answers (business name, a person's name) for the calendar feeds too.
  exports: [PlatformLookup],
})
export class OnlineBookingModule {}
