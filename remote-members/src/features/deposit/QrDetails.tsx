import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import classes from './QrDetails.module.css';

// Links in the gateway's markup open in a new tab, never in (or with a handle on) this page.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Markup as the gateway's `qr_html` may carry it, reduced to inert text formatting and links. */
export function sanitizeGatewayHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['div', 'p', 'span', 'strong', 'b', 'em', 'code', 'br', 'a', 'ul', 'ol', 'li', 'dl', 'dt', 'dd'],
    ALLOWED_ATTR: ['href', 'target', 'rel'],
    ALLOWED_URI_REGEXP: /^https?:/i,
  });
}

/** The gateway's payment details (`qr_html`): never injected raw, always sanitised first. */
export function QrDetails({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeGatewayHtml(html), [html]);
  return <div className={classes.details} data-testid="qr-details" dangerouslySetInnerHTML={{ __html: safe }} />;
}
