// @ts-check
import { createAppConfig } from '../tools/rspack/create-config.mjs';

export default createAppConfig({
  dir: import.meta.dirname,
  federation: {
    name: 'lotto',
    exposes: {
      './routes': './src/app/routes.tsx',
      './LottoToday': './src/features/lotto-today/LottoToday.tsx',
    },
  },
});
