import { GATEWAY_MOPNAME, type PaymentOption } from '@suwerte/contracts';
import QRCode from 'qrcode';
import { transaction } from '../../db/money';
import type { Store } from '../../db/store';
import type { Q } from '../../db/tables';

declare module '../../db/tables' {
  interface Tables {
    payment_options: { id: string; mopname: string; label: string; account_name: string; account_number: string; sort_order: number; active: number };
  }
}

interface SeedOption {
  id: string;
  mopname: string;
  label: string;
  accountName: string;
  accountNumber: string;
}

/** The site's receiving accounts. The QR gateway is first: it credits at once, the others wait for an operator. */
export const DEFAULT_PAYMENT_OPTIONS: readonly SeedOption[] = [
  { id: '6650a0000000000000000001', mopname: GATEWAY_MOPNAME, label: 'QR Ph — instant', accountName: 'Suwerte Gaming Corp.', accountNumber: 'Merchant ID SWT-000123' },
  { id: '6650a0000000000000000002', mopname: 'GCASH', label: 'GCash', accountName: 'Suwerte Gaming Corp.', accountNumber: '0917 555 0123' },
  { id: '6650a0000000000000000003', mopname: 'MAYA', label: 'Maya', accountName: 'Suwerte Gaming Corp.', accountNumber: '0918 555 0456' },
  { id: '6650a0000000000000000004', mopname: 'BDO', label: 'BDO bank transfer', accountName: 'Suwerte Gaming Corp.', accountNumber: '0012 3456 7890' },
];

/** Demo data: the site's receiving accounts on a try-out. Idempotent. */
export async function seedPaymentOptions(store: Store): Promise<void> {
  await transaction(store, async (q) => {
    for (const [index, option] of DEFAULT_PAYMENT_OPTIONS.entries()) {
      await q
        .insertInto('payment_options')
        .values({ id: option.id, mopname: option.mopname, label: option.label, account_name: option.accountName, account_number: option.accountNumber, sort_order: index, active: 1 })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
  });
}

interface OptionRow {
  id: string;
  mopname: string;
  label: string;
  account_name: string;
  account_number: string;
}

export const imagePathOf = (mopname: string): string => `/payment-options/${encodeURIComponent(mopname.toLowerCase())}.png`;

const toOption = (row: OptionRow, publicUrl: string): PaymentOption => ({
  _id: row.id,
  mopname: row.mopname,
  label: row.label,
  accountname: row.account_name,
  accountnumber: row.account_number,
  ImageLink: `${publicUrl}${imagePathOf(row.mopname)}`,
});

const OPTION_COLUMNS = ['id', 'mopname', 'label', 'account_name', 'account_number'] as const;

export async function listPaymentOptions(q: Q, publicUrl: string): Promise<PaymentOption[]> {
  const rows = await q.selectFrom('payment_options').select(OPTION_COLUMNS).where('active', '=', 1).orderBy('sort_order').orderBy('mopname').execute();
  return rows.map((row) => toOption(row, publicUrl));
}

export async function findPaymentOption(q: Q, mopname: string, publicUrl = ''): Promise<PaymentOption | null> {
  const row = await q.selectFrom('payment_options').select(OPTION_COLUMNS).where('active', '=', 1).where('mopname', '=', mopname).executeTakeFirst();
  return row ? toOption(row, publicUrl) : null;
}

/**
 * The option's image: a QR code of where to send the money (what a player scans with their
 * e-wallet or banking app), generated here so the API serves its own images.
 */
export async function paymentOptionImage(option: PaymentOption): Promise<Buffer> {
  const text =
    option.mopname === GATEWAY_MOPNAME
      ? `${option.label}: generate a QR code on the Suwerte deposit page`
      : `${option.label} · ${option.accountname} · ${option.accountnumber}`;
  return QRCode.toBuffer(text, { type: 'png', margin: 2, width: 256, errorCorrectionLevel: 'M' });
}
