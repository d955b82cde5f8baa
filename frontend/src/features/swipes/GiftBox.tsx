import { AnimatePresence, m } from 'motion/react';
import { useTranslation } from 'react-i18next';

import { GiftIcon } from '../../ui/brand/game-icons';

/** The pending gifts' button over the deck: it opens the reveal (GiftReveal) of the next gift. */
export function GiftBox({ count, onOpen }: { count: number; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <AnimatePresence>
      {count > 0 && (
        <m.button
          type="button"
          className="gift-button"
          initial={{ scale: 0, rotate: -20 }}
          animate={{ scale: 1, rotate: 0 }}
          exit={{ scale: 0 }}
          transition={{ type: 'spring', stiffness: 400, damping: 14 }}
          onClick={onOpen}
        >
          <GiftIcon size={18} /> {t('swipes.gifts', { count })}
        </m.button>
      )}
    </AnimatePresence>
  );
}
