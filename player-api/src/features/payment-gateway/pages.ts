/** The gateway's own markup: plain HTML with no script, served under a strict CSP. */
import { formatCentavos } from '@suwerte/money';
import { formatTime } from '@suwerte/time';
import { escapeHtml } from '../../lib/html';

export { escapeHtml };

export const formatManilaTime = (date: Date): string => `${formatTime(date)} (Manila)`;

export const GATEWAY_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export const GATEWAY_NAME = 'QR Ph payment gateway (local stand-in)';
export const MERCHANT = 'Suwerte Gaming Corp.';

export function gatewayPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f4f6fb;color:#1b1f2a;display:grid;place-items:center;min-height:100vh}
main{width:min(420px,100% - 32px);padding:24px;margin:16px;border-radius:16px;background:#fff;box-shadow:0 8px 30px rgba(0,0,0,.12)}
h1{font-size:1.25rem;margin:0 0 4px}p{margin:8px 0}.muted{color:#5b6275;font-size:.9rem}
.amount{font-size:2rem;font-weight:800;margin:16px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:16px 0}dt{color:#5b6275}dd{margin:0;word-break:break-all}
button{width:100%;padding:14px;font-size:1.05rem;font-weight:700;border:0;border-radius:10px;background:#0a7c42;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #1b1f2a;outline-offset:2px}
.status{font-weight:700;padding:12px;border-radius:10px;text-align:center}
.paid{background:#e3f7ea;color:#0a5c31}.expired{background:#fde8e8;color:#8a1c1c}
</style></head><body><main>${body}</main></body></html>`;
}

export interface GatewayDetails {
  amountCentavos: number;
  reference: string;
  expiresAt: Date;
  paymentUrl: string;
}

/** `qr_html`: the details a gateway returns beside the QR image. The site shows it sanitised. */
export function qrDetailsHtml({ amountCentavos, reference, expiresAt, paymentUrl }: GatewayDetails): string {
  return [
    `<div class="qr-details">`,
    `<p><strong>${escapeHtml(MERCHANT)}</strong></p>`,
    `<p>Amount: <strong>${escapeHtml(formatCentavos(amountCentavos))}</strong></p>`,
    `<p>Reference: <code>${escapeHtml(reference.slice(0, 12).toUpperCase())}</code></p>`,
    `<p>Valid until ${escapeHtml(formatManilaTime(expiresAt))}</p>`,
    `<p><a href="${escapeHtml(paymentUrl)}" target="_blank" rel="noopener noreferrer">Open the payment page</a></p>`,
    `</div>`,
  ].join('');
}
