import { Injectable } from '@nestjs/common';

/** "Now" for the time clock and payroll, one seam so tests set the time a punch happens (the database's now() is never used for it). */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
