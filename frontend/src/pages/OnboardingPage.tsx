import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { ONBOARDING_ART } from '../features/onboarding';
import { useFinishOnboarding } from '../features/session';
import { haptic } from '../telegram/sdk';
import { useBackButton } from '../ui/useBackButton';

/**
 * docs/SPEC.md §2: intro, swipe and rate, likes as bets, any photo + text, feed rewards, friends, airdrop,
 * closing; each with its own drawing (features/onboarding).
 */
const STEPS = ONBOARDING_ART;

export function OnboardingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const last = step === STEPS.length - 1;

  useBackButton(step > 0 ? () => setStep((s) => s - 1) : null);

  const finish = useFinishOnboarding({
    onSuccess: () => {
      haptic.success();
      void navigate('/main', { replace: true });
    },
  });

  return (
    <div className="onboarding">
      <div className="onboarding__top">
        <div className="dots" aria-hidden>
          {STEPS.map((_, i) => (
            <span key={i} className={`dot${i === step ? ' is-active' : ''}`} />
          ))}
        </div>
        {!last && (
          <button
            type="button"
            className="link-button"
            disabled={finish.isPending}
            onClick={() => finish.mutate()}
          >
            {t('onboarding.skip')}
          </button>
        )}
      </div>
      <div className="onboarding__body" key={step}>
        <div className="onboarding__art" aria-hidden>
          {STEPS[step]}
        </div>
        <h1>{t(`onboarding.step${step + 1}Title`)}</h1>
        <p>{t(`onboarding.step${step + 1}Text`)}</p>
      </div>
      <button
        type="button"
        className="button button--hero"
        disabled={finish.isPending}
        onClick={() => {
          haptic.tap();
          if (last) finish.mutate();
          else setStep((s) => s + 1);
        }}
      >
        {last ? t('onboarding.start') : t('common.next')}
      </button>
    </div>
  );
}
