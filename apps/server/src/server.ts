import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { stopOnSignals } from './lib/graceful-stop.js';

const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    loadDotEnv();
    config = loadConfig(process.env, { webDist });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const lifecycle = { stopping: false };
  const app = await buildApp({ config, lifecycle });
  stopOnSignals(app, { lifecycle, delayMs: config.shutdownDelayMs });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Hearth is running at ${config.publicUrl}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
