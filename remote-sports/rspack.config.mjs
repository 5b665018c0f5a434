// @ts-check
import { createAppConfig } from '../tools/rspack/create-config.mjs';

export default createAppConfig({
  dir: import.meta.dirname,
  federation: {
    name: 'sports',
    exposes: {
      './routes': './src/app/routes.tsx',
      './FeaturedGames': './src/features/featured-games/FeaturedGames.tsx',
      './WinnersCircle': './src/features/winners-circle/WinnersCircle.tsx',
    },
  },
});
