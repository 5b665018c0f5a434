// @ts-check
import { createAppConfig } from '../tools/rspack/create-config.mjs';

export default createAppConfig({
  dir: import.meta.dirname,
  federation: {
    name: 'members',
    exposes: { './routes': './src/app/routes.tsx' },
  },
});
