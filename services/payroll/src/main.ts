import 'reflect-metadata';
import { ConfigError, runService } from '@salon/nest-kit';
import { AppModule } from './app.module.js';
import { loadPayrollConfig } from './config.js';

try {
  const config = loadPayrollConfig();
  await runService({ name: 'payroll', config, module: AppModule.forRoot(config) });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
