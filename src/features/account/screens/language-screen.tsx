import { useIntl } from 'react-intl';
import { Page } from '../../../shared/ui/page';
import { LanguageOptions } from '../components/language-options';

export default function LanguageScreen() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage({ id: 'route.language' })}>
      <div className="card">
        <LanguageOptions />
      </div>
    </Page>
  );
}
