import type { AirdropDto } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

import { CheckIcon } from '../../ui/brand/game-icons';

/**
 * How the airdrop share works, drawn: three steps (earn coins, connect a wallet, get the share) with
 * the ones done ticked, and a meter of the player's coins among all earned coins. A share is often a
 * sliver: the meter's scale is the square root of it, so a small share still shows.
 */
export function AirdropProgress({ airdrop, share }: { airdrop: AirdropDto; share: string }) {
  const { t } = useTranslation();
  const steps = [
    { key: 'earn', done: airdrop.coins > 0 },
    { key: 'wallet', done: airdrop.hasTon },
    { key: 'share', done: airdrop.coins > 0 && airdrop.hasTon },
  ];
  const fill = Math.min(1, Math.sqrt(Math.max(0, airdrop.share)));
  return (
    <div className="airdrop-progress" data-testid="airdrop-progress">
      <ol className="airdrop-steps">
        {steps.map((step, i) => (
          <li key={step.key} className={`airdrop-step${step.done ? ' airdrop-step--done' : ''}`}>
            <span className="airdrop-step__dot">{step.done ? <CheckIcon size={16} /> : i + 1}</span>
            <span className="airdrop-step__label">{t(`airdrop.steps.${step.key}`)}</span>
          </li>
        ))}
      </ol>
      <div
        className="airdrop-meter"
        role="meter"
        aria-label={t('airdrop.meter')}
        aria-valuemin={0}
        aria-valuemax={1}
        aria-valuenow={airdrop.share}
        aria-valuetext={share}
      >
        <span className="airdrop-meter__fill" style={{ transform: `scaleX(${Math.max(fill, 0.02)})` }} />
      </div>
      <p className="airdrop-meter__label muted">{t('airdrop.meter')}</p>
    </div>
  );
}
