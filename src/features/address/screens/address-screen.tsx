import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { confirmDialog, warmConfirmDialog } from '../../../shared/ui/confirm-dialog';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import {
  useDeleteAddressMutation,
  useListAddressesQuery,
  useSetDefaultAddressMutation,
  type Address,
} from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { PullList } from '../../../shared/ui/pull-list';
import { EmptyState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { AddressCard } from '../components/address-card';
import { useChooseMode, type ChooseState } from '../hooks/use-choose-mode';

/** Addresses per page; shoppers rarely have more, so one page usually holds them all. */
const PAGE_SIZE = 20;

/**
 * /address: the shopper's shipping addresses, the default first (the server's order). In choose mode
 * (`?choose=1`, for checkout) tapping an address hands it back and returns.
 */
export default function AddressScreen() {
  // Deleting an address asks first: the dialog's code loads once the list has drawn.
  useEffect(warmConfirmDialog, []);
  const intl = useIntl();
  const navigate = useNavigate();
  const { choosing, choose } = useChooseMode();
  const [setDefault] = useSetDefaultAddressMutation();
  const [remove] = useDeleteAddressMutation();
  const [busyId, setBusyId] = useState<number | null>(null);

  const openForm = (id?: number) => {
    const state: ChooseState | undefined = choosing && id === undefined ? { choose: true, backSteps: 2 } : undefined;
    navigate(paths.addressForm(id), { state });
  };

  const run = async (address: Address, action: () => Promise<unknown>, successId: string) => {
    setBusyId(address.address_id);
    try {
      await action();
      toast.success(intl.formatMessage({ id: successId }));
    } catch {
      // The request layer showed the server's message.
    } finally {
      setBusyId(null);
    }
  };

  const confirmSetDefault = async (address: Address) => {
    const confirmed = await confirmDialog({
      title: intl.formatMessage({ id: 'address.setDefault.title' }),
      content: intl.formatMessage({ id: 'address.setDefault.confirm' }, { name: address.name }),
      confirmText: intl.formatMessage({ id: 'address.setDefault.action' }),
      cancelText: intl.formatMessage({ id: 'common.cancel' }),
    });
    if (!confirmed) return;
    await run(
      address,
      () => setDefault({ addressIdRequest: { address_id: address.address_id } }).unwrap(),
      'common.settingSuccess',
    );
  };

  const confirmDelete = async (address: Address) => {
    const confirmed = await confirmDialog({
      title: intl.formatMessage({ id: 'address.delete.title' }),
      content: intl.formatMessage({ id: 'address.delete.confirm' }, { name: address.name }),
      confirmText: intl.formatMessage({ id: 'address.delete.action' }),
      cancelText: intl.formatMessage({ id: 'common.cancel' }),
    });
    if (!confirmed) return;
    // An address is deleted once: a retry after a lost answer gets the first 'Delete Success' (contract).
    const key = `delete:address:${address.address_id}`;
    await run(
      address,
      () => remove({ 'Idempotency-Key': key, addressId: address.address_id }).unwrap(),
      'common.deleteSuccess',
    );
  };

  const addButton = (
    <button type="button" className="button" onClick={() => openForm()}>
      <AddOutline aria-hidden />
      <FormattedMessage id="address.add" />
    </button>
  );

  return (
    <Page
      title={intl.formatMessage({ id: choosing ? 'address.choose.title' : 'route.address' })}
      fallback={choosing ? paths.checkout : paths.me}
      footer={addButton}
    >
      {choosing && (
        <p className="address-hint" role="note">
          <FormattedMessage id="address.choose.hint" />
        </p>
      )}
      <PullList
        useListQuery={useListAddressesQuery}
        args={{}}
        limit={PAGE_SIZE}
        label={intl.formatMessage({ id: 'address.list' })}
        itemKey={(item: Address) => item.address_id}
        empty={
          <div className="address-empty">
            <EmptyState
              title={<FormattedMessage id="address.empty.title" />}
              description={<FormattedMessage id="address.empty.description" />}
            />
            <button type="button" className="button button--outline address-empty__action" onClick={() => openForm()}>
              <FormattedMessage id="address.empty.action" />
            </button>
          </div>
        }
        renderItem={(address: Address) => {
          const busy = busyId === address.address_id;
          const named = (id: string) => intl.formatMessage({ id }, { name: address.name });
          return (
            <AddressCard
              address={address}
              onChoose={choosing ? choose : undefined}
              actions={
                <>
                  {address.is_default !== 1 && (
                    <button
                      type="button"
                      className="address-action"
                      disabled={busy}
                      aria-label={named('address.setDefault.label')}
                      onClick={() => void confirmSetDefault(address)}
                    >
                      <FormattedMessage id="address.setDefault.short" />
                    </button>
                  )}
                  <button
                    type="button"
                    className="address-action"
                    disabled={busy}
                    aria-label={named('address.edit.label')}
                    onClick={() => openForm(address.address_id)}
                  >
                    <FormattedMessage id="address.edit.short" />
                  </button>
                  <button
                    type="button"
                    className="address-action address-action--danger"
                    disabled={busy}
                    aria-label={named('address.delete.label')}
                    onClick={() => void confirmDelete(address)}
                  >
                    <FormattedMessage id="address.delete.short" />
                  </button>
                </>
              }
            />
          );
        }}
      />
    </Page>
  );
}
