import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '@salon/nest-kit';
import { EmailSuppressionsUseCase } from '../../delivery/use-cases/email-suppressions.use-case.js';
import { EmailSuppressionModel } from './marketing.model.js';

@Resolver(() => EmailSuppressionModel)
export class EmailSuppressionResolver {
  constructor(private readonly useCase: EmailSuppressionsUseCase) {}

  @AdminOnly()
  @Query(() => [EmailSuppressionModel], { description: 'The e-mail suppression list, newest first (at most 500)' })
  emailSuppressions() {
    return this.useCase.list();
  }

  @AdminOnly()
  @Mutation(() => Boolean, { description: 'Takes an address off the suppression list, so e-mails go to it again; NOT_FOUND when absent' })
  removeEmailSuppression(@Args('address') address: string) {
    return this.useCase.remove({ address });
  }
}
