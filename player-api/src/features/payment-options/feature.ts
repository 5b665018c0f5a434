import { membersEndpoints } from '@suwerte/contracts';
import type { Feature } from '../../context';
import { registerEndpoint } from '../../lib/endpoints';
import { HttpError, NOT_FOUND_TEXT } from '../../lib/errors';
import {
  listPaymentOptions,
  paymentOptionImage,
  seedPaymentOptions,
} from './payment-options';
import { PAYMENT_OPTIONS_SCHEMA } from './schema';

/** GET /mop (the deposit page's payment methods) and the options' images. */
export const paymentOptionsFeature: Feature = {
  name: 'payment-options',
  ...PAYMENT_OPTIONS_SCHEMA,
  async seed(store, { demo }) {
    // Demo receiving accounts only: in production a player must never be shown an account nobody owns.
    if (demo) await seedPaymentOptions(store);
  },
  register(app, ctx) {
    registerEndpoint(app, ctx, membersEndpoints.paymentOptions, () => listPaymentOptions(ctx.store.db, ctx.publicUrl));

    const images = new Map<string, Buffer>();
    app.get<{ Params: { name: string } }>('/payment-options/:name', async (request, reply) => {
      const match = /^([a-z0-9_-]{1,40})\.png$/.exec(request.params.name);
      const option = match ? (await listPaymentOptions(ctx.store.db, '')).find((item) => item.mopname.toLowerCase() === match[1]) : undefined;
      if (!option) throw new HttpError(404, NOT_FOUND_TEXT);
      const key = `${option.mopname}|${option.label}|${option.accountname}|${option.accountnumber}`;
      let image = images.get(key);
      if (!image) {
        image = await paymentOptionImage(option);
        images.set(key, image);
      }
      return reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', 'public, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .send(image);
    });
  },
};
