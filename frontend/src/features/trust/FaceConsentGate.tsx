import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { haptic } from '../../telegram/sdk';
import { useUser } from '../session';
import { useFaceConsent } from './api';
import './trust.css';

/**
 * The one-time note before a face photo (issue 25, consent): use your own face or one you may use,
 * and what happens to the photo. Until the player agrees, it stands where the photo picker would; a
 * player who had a face before consent was asked sees it at their next upload.
 */
export function FaceConsentGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useUser();
  const consent = useFaceConsent({ onSuccess: () => haptic.success() });
  if (user.faceConsentAt) return children;
  return (
    <section className="face-consent" data-testid="face-consent">
      <h3>{t('trust.consentTitle')}</h3>
      <ul>
        <li>{t('trust.consentOwnFace')}</li>
        <li>{t('trust.consentPhoto')}</li>
        <li>{t('trust.consentDelete')}</li>
      </ul>
      <Link to="/privacy" className="trust-link">
        {t('trust.privacyLink')}
      </Link>
      <button type="button" className="button" disabled={consent.isPending} onClick={() => consent.mutate()}>
        {t('trust.consentAgree')}
      </button>
    </section>
  );
}
