import { useTranslation } from 'react-i18next';

import { shareLink } from '../../telegram/sdk';
import { copyText } from '../../ui/clipboard';

/** The invite link with Telegram's share sheet and a copy button. */
export function InviteLink({ link }: { link: string }) {
  const { t } = useTranslation();
  // A long link wraps before its query (`?startapp=ref_…`), never inside the player's code.
  const query = link.indexOf('?');
  const [path, rest] = query > 0 ? [link.slice(0, query), link.slice(query)] : [link, ''];
  return (
    <section className="section">
      <h2>{t('invite.link')}</h2>
      <div className="code-box">
        <code className="code-box__link" data-testid="invite-link">
          {path}
          {rest && <wbr />}
          {rest}
        </code>
      </div>
      <div className="button-row">
        <button type="button" className="button" onClick={() => shareLink(link, t('invite.shareText'))}>
          {t('common.share')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void copyText(link, t('common.copied'))}
        >
          {t('common.copy')}
        </button>
      </div>
    </section>
  );
}
