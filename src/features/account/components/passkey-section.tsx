import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { UserInfo } from '../../../api';
import type { Passkey } from '../../../api/passkey-api';
import { formatDateTime, toMoment } from '../../../shared/lib/dates';
import { PasskeyMark } from '../../../shared/ui/passkey-mark';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { usePasskeys } from '../hooks/use-passkeys';
import { AddPasskeySheet, RemovePasskeySheet } from './passkey-sheets';

/** One passkey: its name, whether it is synced or on this device, when it was added and last used. */
function PasskeyRow({ passkey, here, onRemove }: { passkey: Passkey; here: boolean; onRemove: () => void }) {
  const intl = useIntl();
  const when = (value: unknown) => formatDateTime(toMoment(value), intl.locale);
  return (
    <li className="passkey-row">
      <div className="passkey-row__text">
        <span className="passkey-row__name">{passkey.name}</span>
        <span className="passkey-row__tags">
          {here && (
            <span className="security-status">
              <FormattedMessage id="passkey.thisDevice" />
            </span>
          )}
          {passkey.backed_up === 1 && (
            <span className="security-status">
              <FormattedMessage id="passkey.synced" />
            </span>
          )}
        </span>
        <span className="passkey-row__meta">
          <FormattedMessage id="passkey.addedOn" values={{ date: when(passkey.createtime) }} />
        </span>
        <span className="passkey-row__meta">
          {passkey.lastusetime === null ? (
            <FormattedMessage id="passkey.neverUsed" />
          ) : (
            <FormattedMessage id="passkey.lastUsed" values={{ date: when(passkey.lastusetime) }} />
          )}
        </span>
      </div>
      <button
        type="button"
        className="button button--ghost passkey-row__remove"
        onClick={onRemove}
        aria-label={intl.formatMessage({ id: 'passkey.removeLabel' }, { name: passkey.name })}
      >
        <FormattedMessage id="passkey.remove" />
      </button>
    </li>
  );
}

/**
 * Security's passkeys: the list, 'Add a passkey', and removing one. Shown only for a backend that has
 * passkeys (getUserInfo names how many), on a page where they can work (shared/lib/passkey-support.ts).
 */
export function PasskeySection({ user }: { user: UserInfo }) {
  const passkeys = usePasskeys(user);
  const opener = useRef<HTMLElement | null>(null);
  const remember = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  // Back to the button that opened the sheet, or the add button when that row is gone.
  const refocus = () => {
    const target = opener.current?.isConnected ? opener.current : document.getElementById('passkey-add');
    target?.focus();
  };
  const { list, sheet } = passkeys;

  let body: React.ReactNode;
  if (passkeys.passkeys) {
    body = passkeys.passkeys.length ? (
      <ul className="passkey-list">
        {passkeys.passkeys.map((passkey) => (
          <PasskeyRow
            key={passkey.id}
            passkey={passkey}
            here={passkeys.isOnThisDevice(passkey)}
            onRemove={() => {
              remember();
              passkeys.openRemove(passkey);
            }}
          />
        ))}
      </ul>
    ) : (
      <p className="security-note">
        <FormattedMessage id="passkey.empty" />
      </p>
    );
  } else body = list.error ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : <LoadingState />;

  return (
    <section className="card" aria-labelledby="security-passkeys">
      <h2 id="security-passkeys" className="card__title">
        <FormattedMessage id="passkey.title" />
      </h2>
      <p className="security-note">
        <FormattedMessage id="passkey.lead" />
      </p>
      {body}
      <button
        type="button"
        id="passkey-add"
        className="button button--outline passkey-button"
        onClick={() => {
          remember();
          passkeys.openAdd();
        }}
      >
        <PasskeyMark />
        <FormattedMessage id="passkey.add" />
      </button>
      <AddPasskeySheet
        open={sheet?.kind === 'add'}
        defaultName={passkeys.defaultName}
        onAdd={passkeys.add}
        onClose={passkeys.closeSheet}
        afterClose={refocus}
      />
      <RemovePasskeySheet
        open={sheet?.kind === 'remove'}
        name={sheet?.kind === 'remove' ? sheet.passkey.name : ''}
        onRemove={passkeys.removeOpen}
        onClose={passkeys.closeSheet}
        afterClose={refocus}
      />
    </section>
  );
}
