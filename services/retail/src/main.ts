import 'reflect-metadata';
import { ConfigError, runService } from '@salon/nest-kit';
import { AppModule } from './app.module.js';
import { loadRetailConfig } from './config.js';

try {
  const config = loadRetailConfig();
  // rawBody: Stripe signs the exact bytes of its webhooks.
  await runService({ name: 'retail', config, module: AppModule.forRoot(config), rawBody: true });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
