// @ts-check
import { createAppConfig } from '../tools/rspack/create-config.mjs';

export default createAppConfig({
  dir: import.meta.dirname,
  federation: {
    name: 'karera',
    exposes: {
      './routes': './src/app/routes.tsx',
      './EGames': './src/features/egames/EGamesWidget.tsx',
    },
  },
});
