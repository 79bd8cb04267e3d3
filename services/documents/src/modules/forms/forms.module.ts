import { Module } from '@nestjs/common';
import { SubmissionsModule } from '../submissions/submissions.module.js';
import { FormResolver } from './graphql/form.resolver.js';
import { FormsController } from './http/forms.controller.js';
import { FormsUseCase } from './use-cases/forms.use-case.js';

@Module({
  imports: [SubmissionsModule],
  controllers: [FormsController],
  providers: [FormsUseCase, FormResolver],
  exports: [FormsUseCase],
})
export class FormsModule {}
