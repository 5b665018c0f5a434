import { buildApp } from './app';
import { EnvError, loadEnv, type Env } from './config/env';

function readEnv(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const env = readEnv();
if (env.usingDevSecret) {
  console.warn('WARNING: JWT_SECRET is not set; using the built-in development secret. Set JWT_SECRET in any shared or public deployment.');
}

const app = await buildApp({
  database: env.databasePath,
  jwtSecret: env.jwtSecret,
  tokenTtlSeconds: env.tokenTtlSeconds,
  corsOrigins: env.corsOrigins,
  publicUrl: env.publicUrl,
  seedDemoData: env.seedDemoData,
  logger: { level: env.logLevel },
});

let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (closing) {
    console.warn(`${signal} again: exiting now.`);
    process.exit(1);
  }
  closing = true;
  console.info(`${signal} received: closing the player API…`);
  const force = setTimeout(() => {
    console.error('Shutdown took longer than 10 s; exiting.');
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    console.error('Error while closing:', error);
    process.exit(1);
  }
}
process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));

try {
  const address = await app.listen({ port: env.port, host: env.host });
  console.info(`Suwerte player API listening on ${address} (public URL ${env.publicUrl}; database ${env.databasePath})`);
} catch (error) {
  console.error('Could not start the player API:', error instanceof Error ? error.message : error);
  await app.close().catch(() => undefined);
  process.exit(1);
}
