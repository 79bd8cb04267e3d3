import { Injectable } from '@nestjs/common';
import { ValidationFailedError, type FieldProblem } from '../errors/app-errors.js';
import { PlatformDirectory } from './platform-directory.provider.js';
import { clientProblem, locationProblem, serviceProblem, staffProblem } from './reference-rules.js';

/** An id a write refers to, and the input field it came in (named in the refusal). */
export interface Reference {
  field: string;
  id: string;
}

export interface References {
  clients?: readonly Reference[];
  staff?: readonly Reference[];
  locations?: readonly Reference[];
  services?: readonly Reference[];
}

/**
 * Checks, at the edge of a write, the ids it refers to that another service owns: a booking's
 * client (clients), its staff and location (identity), a form's services (scheduling). A write naming something its owner does
 * not know is refused with 400 naming every such field; nothing is written.
 */
@Injectable()
export class ReferenceCheck {
  constructor(private readonly directory: PlatformDirectory) {}

  async require(refs: References): Promise<void> {
    const once = <T>(lookup: (id: string) => Promise<T>) => {
      const asked = new Map<string, Promise<T>>();
      return (id: string) => {
        if (!asked.has(id)) asked.set(id, lookup(id));
        return asked.get(id)!;
      };
    };
    const client = once((id) => this.directory.client(id));
    const user = once((id) => this.directory.user(id));
    const location = once((id) => this.directory.location(id));
    const service = once((id) => this.directory.service(id));
    const checks: Promise<FieldProblem | null>[] = [
      ...(refs.clients ?? []).map(async (r) => problem(r, clientProblem(await client(r.id)))),
      ...(refs.staff ?? []).map(async (r) => problem(r, staffProblem(await user(r.id)))),
      ...(refs.locations ?? []).map(async (r) => problem(r, locationProblem(await location(r.id)))),
      ...(refs.services ?? []).map(async (r) => problem(r, serviceProblem(await service(r.id)))),
    ];
    const problems = (await Promise.all(checks)).filter((p): p is FieldProblem => p !== null);
    if (problems.length) throw new ValidationFailedError(problems);
  }
}

function problem(ref: Reference, message: string | null): FieldProblem | null {
  return message ? { field: ref.field, message } : null;
}
