import 'reflect-metadata';
import { ConfigError, runService } from '@salon/nest-kit';
import { AppModule } from './app.module.js';
import { loadRetailConfig } from './config.js';

try {
  const config = loadRetailConfig();
  await runService({ name: 'retail', config, module: AppModule.forRoot(config) });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
