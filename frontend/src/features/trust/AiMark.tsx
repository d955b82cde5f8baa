import { useTranslation } from 'react-i18next';

import { Dialog } from '../../ui/Dialog';
import { CardOverlayButton } from './CardOverlayButton';
import { ReportButton } from './ReportButton';
import './trust.css';

/** The visible AI label (EU AI Act art. 50) where the tile itself is the button (history). */
export function AiBadge() {
  const { t } = useTranslation();
  return (
    <span className="media-pill ai-mark__pill" data-testid="ai-mark">
      {t('trust.aiMark')}
    </span>
  );
}

/** A meme's corner marks: the AI mark, and Report on someone else's meme (deck, feed, meme sheets). */
export function CardMarks({ reportMemeId }: { reportMemeId?: string }) {
  return (
    <div className="card-marks">
      <AiMark />
      {reportMemeId && <ReportButton memeId={reportMemeId} />}
    </div>
  );
}

/** The "AI" mark over a meme (deck, feed, the result, the share page); a tap says what it means. */
export function AiMark() {
  const { t } = useTranslation();
  return (
    <CardOverlayButton
      className="ai-mark"
      label={t('trust.aiMarkLabel')}
      testId="ai-mark"
      dialog={(close) => (
        <Dialog title={t('trust.aiTitle')} onClose={close}>
          <p data-testid="ai-meaning">{t('trust.aiText')}</p>
          <p className="muted">{t('trust.aiLabel')}</p>
        </Dialog>
      )}
    >
      <span className="media-pill ai-mark__pill">{t('trust.aiMark')}</span>
    </CardOverlayButton>
  );
}
