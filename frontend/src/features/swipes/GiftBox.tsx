import type { OpenedGiftDto } from '@mememint/contracts';
import { AnimatePresence, m } from 'motion/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Dialog } from '../../ui/Dialog';
import { useOpenGift } from './api/open-gift';

/** A pending gift's button over the deck, and the sheet where it opens with an animation. */
export function GiftBox({ count }: { count: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState<OpenedGiftDto | null>(null);
  const openGift = useOpenGift({ onSuccess: setOpened });

  return (
    <>
      <AnimatePresence>
        {count > 0 && (
          <m.button
            type="button"
            className="gift-button"
            initial={{ scale: 0, rotate: -20 }}
            animate={{ scale: 1, rotate: 0 }}
            exit={{ scale: 0 }}
            transition={{ type: 'spring', stiffness: 400, damping: 14 }}
            onClick={() => {
              setOpened(null);
              setOpen(true);
            }}
          >
            <span aria-hidden="true">🎁</span> {t('swipes.gifts', { count })}
          </m.button>
        )}
      </AnimatePresence>
      {open && (
        <Dialog
          title={opened ? t('swipes.giftOpenedTitle') : t('swipes.giftTitle')}
          onClose={() => setOpen(false)}
        >
          <div className="gift-sheet">
            {opened ? (
              <m.p
                className="gift-sheet__prize"
                data-testid="gift-prize"
                initial={{ scale: 0.3, opacity: 0 }}
                animate={{ scale: 1, opacity: 1 }}
                transition={{ type: 'spring', stiffness: 300, damping: 12 }}
              >
                {t(`swipes.prize.${opened.kind}`, { count: opened.amount })}
              </m.p>
            ) : (
              <m.span
                className="gift-sheet__box"
                aria-hidden="true"
                animate={openGift.isPending ? { rotate: [0, -12, 12, -12, 0] } : { y: [0, -6, 0] }}
                transition={{ repeat: Infinity, duration: openGift.isPending ? 0.4 : 1.2 }}
              >
                🎁
              </m.span>
            )}
            {opened || count === 0 ? (
              <button
                type="button"
                className="button"
                onClick={() => (count > 0 ? setOpened(null) : setOpen(false))}
              >
                {count > 0 ? t('swipes.openNext') : t('common.done')}
              </button>
            ) : (
              <button
                type="button"
                className="button"
                disabled={openGift.isPending}
                onClick={() => openGift.mutate()}
              >
                {t('swipes.openGift')}
              </button>
            )}
          </div>
        </Dialog>
      )}
    </>
  );
}
