import { DocumentsInitial1797000000000 } from './migrations/1797000000000-documents-initial.js';
import { FormRequestsBookingKey1797000000001 } from './migrations/1797000000001-form-requests-booking-key.js';
import { BookingFormKeys1797000000002 } from './migrations/1797000000002-booking-form-keys.js';

/** Everything TypeORM needs to know about this service's database. Repositories use SQL: no entities. */
export const ENTITIES: never[] = [];
export const MIGRATIONS = [DocumentsInitial1797000000000, FormRequestsBookingKey1797000000001, BookingFormKeys1797000000002];
