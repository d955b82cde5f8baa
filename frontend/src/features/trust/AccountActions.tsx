import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { tokenStore } from '../../lib/tokens';
import { haptic } from '../../telegram/sdk';
import { toast } from '../../ui/toast';
import { useDeleteAccount, useDeleteFace } from './api';
import { ConfirmAction } from './ConfirmAction';
import { ACCOUNT_DELETED_PATH } from './paths';
import './trust.css';

/**
 * Profile's privacy actions (also on the banned screen, where they stay open): the privacy page,
 * "Delete my face photo" and "Delete my account", each behind a confirmation. `onFaceGone`: the
 * screen forgets its copy of the face photo (the device keeps one for the create flow).
 */
export function AccountActions({ onFaceGone }: { onFaceGone?: () => void }) {
  const { t } = useTranslation();
  const deleteFace = useDeleteFace();
  const deleteAccount = useDeleteAccount();
  return (
    <section className="section account-actions" data-testid="account-actions">
      <h2>{t('trust.privacyTitle')}</h2>
      <Link to="/privacy" className="trust-link" data-testid="privacy-link">
        {t('trust.privacyLink')}
      </Link>
      <ConfirmAction
        label={t('trust.deleteFace')}
        question={t('trust.deleteFaceQuestion')}
        confirm={t('trust.delete')}
        busy={deleteFace.isPending}
        testId="delete-face"
        onConfirm={(close) =>
          deleteFace.mutate(undefined, {
            onSuccess: () => {
              onFaceGone?.();
              haptic.success();
              toast.success(t('trust.faceDeleted'));
              close();
            },
          })
        }
      />
      <ConfirmAction
        label={t('trust.deleteAccount')}
        question={t('trust.deleteAccountQuestion')}
        confirm={t('trust.delete')}
        busy={deleteAccount.isPending}
        testId="delete-account"
        onConfirm={() =>
          deleteAccount.mutate(undefined, {
            onSuccess: () => {
              // The tokens are dead already; a new page load shows the goodbye without signing in.
              onFaceGone?.();
              tokenStore.clear();
              window.location.replace(ACCOUNT_DELETED_PATH);
            },
          })
        }
      />
    </section>
  );
}
