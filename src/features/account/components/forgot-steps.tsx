import { FormattedMessage, useIntl } from 'react-intl';
import type { ResetStep } from '../hooks/use-password-reset';

/** The two steps of a password reset, the current one marked (aria-current). */
export function ForgotSteps({ step }: { step: ResetStep }) {
  const intl = useIntl();
  return (
    <ol className="steps" aria-label={intl.formatMessage({ id: 'account.forgot.steps' })}>
      {(['mobile', 'reset'] as const).map((name, index) => (
        <li
          key={name}
          className={`steps__item${step === name ? ' steps__item--current' : ''}`}
          aria-current={step === name ? 'step' : undefined}
        >
          <span className="steps__number" aria-hidden>
            {index + 1}
          </span>
          <FormattedMessage id={name === 'mobile' ? 'account.forgot.stepMobile' : 'account.forgot.stepReset'} />
        </li>
      ))}
    </ol>
  );
}
