import { Form, Formik } from 'formik';
import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useGetUserInfoQuery, useUpdateProfileMutation } from '../../../api';
import { useImageUpload } from '../../../api/upload';
import { paths } from '../../../shared/config/paths';
import { defaultCountry } from '../../../shared/lib/phone';
import { MobileField } from '../../../shared/ui/mobile-field';
import { FormField } from '../../../shared/ui/form-field';
import { ImageUpload } from '../../../shared/ui/image-upload';
import { Page } from '../../../shared/ui/page';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useAppSelector } from '../../../store/hooks';
import { selectLocale } from '../../../store/language.slice';
import {
  changesRecovery,
  MAX_NICKNAME_LENGTH,
  profileChanges,
  profileSchemaFor,
  profileValuesOf,
  type ProfileValues,
} from '../schemas/profile.schema';

/**
 * /profile: avatar, nickname, email and mobile, filled from getUserInfo. Only what changed is sent
 * (DESIGN.md section 3.1); the saved profile then reloads everywhere (updateProfile invalidates it).
 * A new mobile or email asks for the login password too (they recover the account: a stolen session
 * token alone must not move them); the field shows only then.
 */
export default function ProfileScreen() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const uploadImage = useImageUpload();
  const [uploading, setUploading] = useState(false);
  // Saving waits for an avatar on its way, or the new avatar would silently be left out.
  const upload = useCallback(
    async (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => {
      setUploading(true);
      try {
        return await uploadImage(file, onProgress, signal);
      } finally {
        setUploading(false);
      }
    },
    [uploadImage],
  );
  const { data, error, refetch } = useGetUserInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const [updateProfile] = useUpdateProfileMutation();
  const user = data?.data;
  const fallbackCountry = defaultCountry(locale, typeof navigator === 'undefined' ? [] : navigator.languages);
  const saved = useMemo(() => (user ? profileValuesOf(user, fallbackCountry) : null), [user, fallbackCountry]);
  const schema = useMemo(() => (saved ? profileSchemaFor(saved) : null), [saved]);
  const title = intl.formatMessage({ id: 'route.profile' });

  if (!saved || !schema) {
    return (
      <Page title={title} fallback={paths.me}>
        {error ? <ErrorState error={error} onRetry={() => void refetch()} /> : <LoadingState />}
      </Page>
    );
  }

  const submit = async (values: ProfileValues) => {
    const changes = profileChanges(saved, values);
    if (Object.keys(changes).length === 0) {
      toast.show(intl.formatMessage({ id: 'account.profile.noChanges' }));
      return;
    }
    try {
      await updateProfile({ updateProfileRequest: changes }).unwrap();
      toast.success(intl.formatMessage({ id: 'common.saveSuccess' }));
    } catch {
      // The server's message was shown; everything typed stays.
    }
  };

  return (
    <Page title={title} fallback={paths.me}>
      {/* enableReinitialize: after a save the form shows what the server now holds. */}
      <Formik<ProfileValues> initialValues={saved} enableReinitialize validationSchema={schema} onSubmit={submit}>
        {({ isSubmitting, values, setFieldValue }) => (
          <Form className="form" noValidate>
            <div className="profile-avatar">
              <ImageUpload
                label={intl.formatMessage({ id: 'account.profile.avatar' })}
                value={values.avatar}
                upload={upload}
                onChange={(url) => void setFieldValue('avatar', url, false)}
              />
            </div>
            <p className="profile-account">
              <FormattedMessage id="account.profile.account" values={{ account: user?.username ?? '' }} />
            </p>
            <FormField
              name="nickname"
              label="account.fields.nickname"
              autoComplete="nickname"
              maxLength={MAX_NICKNAME_LENGTH}
            />
            <FormField
              name="email"
              label="account.fields.email"
              type="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
            />
            <MobileField />
            {changesRecovery(saved, values) && (
              <FormField
                name="password"
                label="account.fields.loginPassword"
                type="password"
                autoComplete="current-password"
                hint={intl.formatMessage({ id: 'account.profile.loginPasswordHint' })}
              />
            )}
            <button
              type="submit"
              className="button"
              disabled={isSubmitting || uploading}
              aria-busy={isSubmitting || uploading}
            >
              <FormattedMessage
                id={
                  isSubmitting ? 'common.saving' : uploading ? 'account.profile.waitUpload' : 'account.profile.submit'
                }
              />
            </button>
          </Form>
        )}
      </Formik>
    </Page>
  );
}
