import { REPORT_REASONS, type ReportReason } from '@mememint/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../lib/api-errors';
import { describeError } from '../../lib/describe-error';
import { haptic } from '../../telegram/sdk';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toast';
import { useReportMeme } from './api';
import { CardOverlayButton } from './CardOverlayButton';
import './trust.css';

/** The reasons of a report: pick one, send; the dialog closes with a thank-you. */
export function ReportDialog({ memeId, onClose }: { memeId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const report = useReportMeme(memeId, {
    onSuccess: () => {
      haptic.success();
      toast.success(t('trust.reported'));
      onClose();
    },
  });
  const refused = (error: Error) => {
    haptic.error();
    if (error instanceof ApiError && error.status === 409) {
      toast.info(t('trust.alreadyReported'));
      onClose();
      return;
    }
    const described = describeError(error, t);
    if (described) toast.error(described.message, described.hint);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason) report.mutate(reason, { onError: refused });
  };
  return (
    <Dialog title={t('trust.reportTitle')} onClose={onClose}>
      <form className="report-form" onSubmit={submit} data-testid="report-form">
        <p className="muted">{t('trust.reportText')}</p>
        <ChoiceGroup
          kind="radio"
          options={REPORT_REASONS}
          value={reason}
          onChange={(value) => {
            haptic.select();
            setReason(value);
          }}
          label={(value) => t(`trust.reasons.${value}`)}
          className="report-form__reasons"
          itemClassName="chip"
        />
        <button type="submit" className="button" disabled={!reason || report.isPending}>
          {t('trust.reportSend')}
        </button>
      </form>
    </Dialog>
  );
}

/** "Report" on a card or a meme sheet of someone else's meme. */
export function ReportButton({ memeId }: { memeId: string }) {
  const { t } = useTranslation();
  return (
    <CardOverlayButton
      className="report-button"
      testId="report-meme"
      dialog={(close) => <ReportDialog memeId={memeId} onClose={close} />}
    >
      <span className="media-pill report-button__pill">{t('trust.report')}</span>
    </CardOverlayButton>
  );
}
