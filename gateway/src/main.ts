import { exitWithParent } from '@salon/nest-kit/shutdown';
import { createGatewayApp } from './app.js';
import { ConfigError, loadConfig, type GatewayConfig } from './config.js';

let config: GatewayConfig;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`${error.message}\nSee gateway/.env.example for every variable.`);
    process.exit(1);
  }
  throw error;
}

const gateway = createGatewayApp(config);
const { logger } = gateway;

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // A second signal (or a shutdown that hangs) ends the process without waiting.
  const force = setTimeout(() => {
    logger.error('shutdown did not finish in time; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs + 5000);
  force.unref();
  try {
    await gateway.stop();
    logger.info('stopped');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
exitWithParent(() => void shutdown('SIGTERM'));
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));

try {
  await gateway.start();
} catch (error) {
  logger.fatal({ err: error }, `gateway could not start on ${config.host}:${config.port}`);
  process.exit(1);
}
