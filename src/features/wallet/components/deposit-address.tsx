import { FormattedMessage, useIntl } from 'react-intl';
import { QRCodeSVG } from 'qrcode.react';
import { toast } from '../../../shared/ui/toast';

/**
 * Copies text with the clipboard API, which browsers offer only in secure contexts (HTTPS or
 * localhost; DESIGN.md section 4): elsewhere the shopper is told copying is not allowed.
 */
async function copyText(text: string, messages: { copied: string; notAllowed: string; failed: string }) {
  if (!window.isSecureContext || typeof navigator.clipboard?.writeText !== 'function') {
    toast.fail(messages.notAllowed);
    return;
  }
  try {
    await navigator.clipboard.writeText(text);
    toast.success(messages.copied);
  } catch {
    toast.fail(messages.failed);
  }
}

/** The deposit address of a network: as text, as a QR code (loaded with this screen's chunk), and a Copy button. */
export function DepositAddress({ network, address }: { network: string; address: string }) {
  const intl = useIntl();
  const copy = () =>
    void copyText(address, {
      copied: intl.formatMessage({ id: 'wallet.chain.copied' }),
      notAllowed: intl.formatMessage({ id: 'common.notAllowCopy' }),
      failed: intl.formatMessage({ id: 'common.copyFail' }),
    });
  return (
    <section className="deposit" aria-labelledby="deposit-address-label">
      <div className="deposit__qr">
        <QRCodeSVG
          value={address}
          size={168}
          marginSize={2}
          role="img"
          aria-label={intl.formatMessage({ id: 'wallet.chain.qr' }, { network })}
        />
      </div>
      <h2 className="form-field__label" id="deposit-address-label">
        <FormattedMessage id="wallet.chain.address" values={{ network }} />
      </h2>
      <p className="deposit__address" translate="no">
        {address}
      </p>
      <button type="button" className="button button--outline deposit__copy" onClick={copy}>
        <FormattedMessage id="wallet.chain.copy" />
      </button>
    </section>
  );
}
