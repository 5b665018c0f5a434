// @ts-check
import { createAppConfig } from '../tools/rspack/create-config.mjs';

export default createAppConfig({
  dir: import.meta.dirname,
  port: 3001,
  publicPath: 'auto',
  federation: {
    name: 'members',
    exposes: { './routes': './src/app/routes.tsx' },
  },
});
