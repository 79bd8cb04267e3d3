import 'reflect-metadata';
import { ConfigError, runService } from '@salon/nest-kit';
import { AppModule } from './app.module.js';
import { loadDocumentsConfig } from './config.js';

try {
  const config = loadDocumentsConfig();
  await runService({ name: 'documents', config, module: AppModule.forRoot(config) });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
