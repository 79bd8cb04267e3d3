import { Injectable } from '@nestjs/common';
import { ConflictError, parseInput, ValidationFailedError, type AuthContext } from '@salon/nest-kit';
import { actorUuid } from '../../../common/ids.js';
import { designInputSchema, designProblems, type BookingDesign } from '../domain/booking-design.js';
import { OnlineBookingRepository } from '../persistence/online-booking.repository.js';

/** /booking-design: the owner's settings for the public booking page. */
@Injectable()
export class BookingDesignUseCase {
  constructor(private readonly repo: OnlineBookingRepository) {}

  get(): Promise<BookingDesign> {
    return this.repo.design();
  }

  async save(auth: AuthContext, input: unknown): Promise<BookingDesign> {
    const d = parseInput(designInputSchema, input);
    const problems = designProblems(d);
    if (problems.length) throw new ValidationFailedError(problems);
    const saved = await this.repo.saveDesign(d, actorUuid(auth.userId));
    if (!saved)
      throw new ConflictError(
        'Someone else saved the booking design in the meantime; review their version and save again',
        await this.repo.design(),
        'version',
      );
    return saved;
  }
}
