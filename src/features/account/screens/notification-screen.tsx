import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  api,
  useGetNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
  type NotificationSettings,
} from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch } from '../../../store/hooks';
import { NotificationSwitch } from '../components/notification-switch';

type SettingKey = keyof NotificationSettings;

const settings: { key: SettingKey; labelId: string; descriptionId: string }[] = [
  {
    key: 'order_updates',
    labelId: 'account.notification.orderUpdates',
    descriptionId: 'account.notification.orderUpdatesHint',
  },
  {
    key: 'wallet_updates',
    labelId: 'account.notification.walletUpdates',
    descriptionId: 'account.notification.walletUpdatesHint',
  },
  {
    key: 'promotions',
    labelId: 'account.notification.promotions',
    descriptionId: 'account.notification.promotionsHint',
  },
];

/**
 * /notification: the preferences the server keeps. A switch takes effect at once: it moves when pressed
 * (the cached settings are patched), is saved, and moves back if the server refuses.
 */
export default function NotificationScreen() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data, error, refetch } = useGetNotificationSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [updateSettings] = useUpdateNotificationSettingsMutation();
  const [saving, setSaving] = useState<Partial<Record<SettingKey, boolean>>>({});
  const values = data?.data;
  const title = intl.formatMessage({ id: 'route.notification' });

  if (!values) {
    return (
      <Page title={title} fallback={paths.setting}>
        {error ? <ErrorState error={error} onRetry={() => void refetch()} /> : <LoadingState />}
      </Page>
    );
  }

  const change = async (key: SettingKey, checked: boolean) => {
    const patch = dispatch(
      api.util.updateQueryData('getNotificationSettings', undefined, (draft) => {
        if (draft.data) draft.data[key] = checked;
      }),
    );
    setSaving((current) => ({ ...current, [key]: true }));
    try {
      await updateSettings({ updateNotificationSettingsRequest: { [key]: checked } }).unwrap();
      toast.success(intl.formatMessage({ id: 'common.settingSuccess' }));
    } catch {
      // The server's message was shown; the switch goes back to what is saved.
      patch.undo();
    } finally {
      setSaving((current) => ({ ...current, [key]: false }));
    }
  };

  return (
    <Page title={title} fallback={paths.setting}>
      <p className="notification-lead">
        <FormattedMessage id="account.notification.lead" />
      </p>
      <section className="card" aria-label={title}>
        <ul className="notification-list">
          {settings.map((setting) => (
            <li key={setting.key}>
              <NotificationSwitch
                label={intl.formatMessage({ id: setting.labelId })}
                description={intl.formatMessage({ id: setting.descriptionId })}
                checked={values[setting.key]}
                busy={Boolean(saving[setting.key])}
                onChange={(checked) => void change(setting.key, checked)}
              />
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
