import 'reflect-metadata';
import { FORM_SUBMISSION_MAX_BYTES } from '@salon/contracts';
import { ConfigError, runService } from '@salon/nest-kit';
import { AppModule } from './app.module.js';
import { loadDocumentsConfig } from './config.js';

try {
  const config = loadDocumentsConfig();
  // A filled form carries its files base64 in one request, larger than nest-kit's 2 MB default.
  await runService({ name: 'documents', config, module: AppModule.forRoot(config), jsonLimit: FORM_SUBMISSION_MAX_BYTES });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
