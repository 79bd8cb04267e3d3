import { Injectable } from '@nestjs/common';
import { ConflictError, parseInput, ReferenceCheck, ValidationFailedError, type AuthContext } from '@salon/nest-kit';
import { actorUuid } from '../../../common/ids.js';
import { designInputSchema, designProblems, type BookingDesign } from '../domain/booking-design.js';
import { OnlineBookingRepository } from '../persistence/online-booking.repository.js';

/** /booking-design: the owner's settings for the public booking page. */
@Injectable()
export class BookingDesignUseCase {
  constructor(
    private readonly repo: OnlineBookingRepository,
    private readonly references: ReferenceCheck,
  ) {}

  get(): Promise<BookingDesign> {
    return this.repo.design();
  }

  async save(auth: AuthContext, input: unknown): Promise<BookingDesign> {
    const d = parseInput(designInputSchema, input);
    const problems = designProblems(d);
    if (problems.length) throw new ValidationFailedError(problems);
    await this.references.require({ staff: (d.offeredStaffIds ?? []).map((id, i) => ({ field: `offeredStaffIds.${i}`, id })) });
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
