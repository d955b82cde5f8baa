import type { FeedItemDto } from '@mememint/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { haptic } from '../../telegram/sdk';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Dialog } from '../../ui/Dialog';
import { useUser } from '../session';
import { useVoteMeme } from './api/vote-meme';
import { isVotingOpen, useContestNow } from './author';

/** Stakes offered as chips; any whole amount can be typed. */
export const STAKES = ['10', '50', '100', '500'] as const;

/** The bet of a feed vote: an amount picker over the player's coins, then the vote. */
export function VoteDialog({ item, onClose }: { item: FeedItemDto; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const [amount, setAmount] = useState('10');
  const vote = useVoteMeme({
    onSuccess: () => {
      haptic.success();
      onClose();
    },
  });
  const value = Number(amount);
  const valid = Number.isInteger(value) && value >= 1;
  const affordable = valid && value <= user.memeCoins;
  // The dialog may stay open past the meme's day: then it says so instead of taking the bet.
  const open = isVotingOpen(item.publishedAt, useContestNow());

  function submit(event: FormEvent) {
    event.preventDefault();
    if (open && affordable) vote.mutate({ memeId: item.id, amount: value });
  }

  return (
    <Dialog title={t('feed.voteTitle')} onClose={onClose}>
      <form onSubmit={submit} className="vote-form">
        <p className="muted">{t('feed.voteText')}</p>
        <ChoiceGroup
          kind="radio"
          options={STAKES}
          value={(STAKES as readonly string[]).includes(amount) ? (amount as (typeof STAKES)[number]) : null}
          onChange={(stake) => {
            haptic.select();
            setAmount(stake);
          }}
          label={(stake) => stake}
          className="chips"
          itemClassName="chip"
        />
        <label className="field">
          <span className="field__label">{t('feed.amount')}</span>
          <input
            className={`input${valid ? '' : ' input--invalid'}`}
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))}
            aria-invalid={!valid}
          />
        </label>
        {open ? (
          <p className={affordable || !valid ? 'muted' : 'error-text'}>
            {affordable || !valid ? t('feed.balance', { count: user.memeCoins }) : t('errors.notEnoughCoins')}
          </p>
        ) : (
          <p className="error-text" role="alert">
            {t('feed.closedText')}
          </p>
        )}
        <button type="submit" className="button" disabled={!open || !affordable || vote.isPending}>
          {t('feed.placeBet', { count: valid ? value : 0 })}
        </button>
      </form>
    </Dialog>
  );
}
