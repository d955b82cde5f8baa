import { isBoostActive, type Gender, type MemeDto } from '@mememint/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  createMemeKeys,
  FaceCheck,
  forgetFacePhoto,
  loadFacePhotoUrl,
  MemeResult,
  useFaceUpload,
} from '../features/create-meme';
import { useMyMemes } from '../features/memes';
import { Plans } from '../features/payments';
import { AccountActions, AiBadge } from '../features/trust';
import { daysInGame, useUpdateMe, useUser } from '../features/session';
import { haptic } from '../telegram/sdk';
import { ChoiceGroup } from '../ui/ChoiceGroup';
import { Sheet } from '../ui/Sheet';
import { StatGrid } from '../ui/StatGrid';
import { toast } from '../ui/toast';
import './ProfilePage.css';
import { LoadMore } from '../ui/LoadMore';
import { QueryFallback } from '../ui/QueryFallback';
import { MemePicture } from '../ui/MemePicture';
import { AnimatedMeme } from '../ui/meme-video/AnimatedMeme';
import { DataSaverSetting } from '../ui/meme-video/DataSaverSetting';
import { EmptyState } from '../ui/brand/EmptyState';
import { ImageIcon } from '../ui/brand/game-icons';

const GENDERS: Gender[] = ['male', 'female', 'transgender'];

export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const queryClient = useQueryClient();
  // The gender is the server's (`PATCH /v1/users/me/`): the template list puts that gender first.
  const saveGender = useUpdateMe({
    onSuccess: () => {
      haptic.success();
      void queryClient.invalidateQueries({ queryKey: createMemeKeys.templates() });
    },
  });
  const gender = saveGender.isPending ? saveGender.variables.gender : user.gender;
  const [faceUrl, setFaceUrl] = useState(() => loadFacePhotoUrl());
  const [changingPhoto, setChangingPhoto] = useState(false);
  // A new photo goes through the server's face check, as in the create flow (issue 22, defect 1).
  const uploadFace = useFaceUpload();
  /** The history meme open over the page: share, save, publish or edit it again. */
  const [openMeme, setOpenMeme] = useState<MemeDto | null>(null);

  // `/profile#plans` (from the create flow and the balance sheet) lands on the plans.
  useEffect(() => {
    if (window.location.hash === '#plans') document.getElementById('plans')?.scrollIntoView();
  }, []);

  const history = useMyMemes();
  const memes = history.data?.pages.flatMap((page) => page.items) ?? [];

  const stats = [
    { label: t('profile.creditsLeft'), value: user.generationLimit, testId: 'stat-credits' },
    { label: t('profile.daysInGame'), value: daysInGame(user.createdAt) },
    { label: t('profile.totalMemes'), value: user.generationsCount },
    { label: t('profile.friendsInvited'), value: user.invitedCount },
    { label: t('profile.questsCompleted'), value: user.tasksCount },
    // What the squad's purchases earned an influencer (Stars), issue 22 defect 6.
    ...(user.infl
      ? [{ label: t('profile.squadStars'), value: user.referralSpending, testId: 'stat-squad-stars' }]
      : []),
  ];

  return (
    <div className="page">
      {/* The name is in the top menu already: the page is titled, not named twice. */}
      <section className="profile-head">
        <h1>{t('nav.profile')}</h1>
        <p className="muted">
          {t('profile.joined', { date: new Date(user.createdAt).toLocaleDateString(i18n.language) })}
          {user.infl && ` · ${t('profile.influencer')}`}
          {isBoostActive(user.boostEnds) && ` · ${t('menu.premium')}`}
        </p>
      </section>

      <StatGrid stats={stats} />

      <section className="section">
        <div className="section__title">
          <h2>{t('profile.history')}</h2>
          {history.data && (
            <span className="muted">{t('count.memes', { count: history.data.pages[0].total })}</span>
          )}
        </div>
        {!history.data && <QueryFallback query={history} />}
        {history.isSuccess && memes.length === 0 && (
          <EmptyState art={<ImageIcon size={34} />} text={t('profile.historyEmpty')} />
        )}
        <div className="meme-grid" data-testid="meme-history">
          {memes.map((meme, index) => (
            <button
              type="button"
              key={meme.id}
              className="meme-tile"
              onClick={() => {
                haptic.tap();
                setOpenMeme(meme);
              }}
            >
              <MemePicture
                className="meme-tile__picture"
                src={meme.thumbnailUrl}
                alt={meme.text || t('common.memeNumber', { number: index + 1 })}
                loading="lazy"
              >
                {/* The tile is the button: its play mark only says it moves. */}
                <AnimatedMeme meme={meme} tappable={false} />
              </MemePicture>
              <AiBadge />
              {meme.isPublished && <span className="meme-tile__badge">{t('profile.published')}</span>}
            </button>
          ))}
        </div>
        <LoadMore pages={history} />
      </section>

      <section className="section">
        <h2>{t('profile.gender')}</h2>
        <ChoiceGroup
          kind="radio"
          options={GENDERS}
          value={gender}
          onChange={(value) => {
            haptic.select();
            saveGender.mutate({ gender: value }, { onError: () => toast.error(t('profile.genderNotSaved')) });
          }}
          label={(value) => t(`profile.${value}`)}
          className="chips"
          itemClassName="chip"
        />
      </section>

      <section className="section">
        <DataSaverSetting />
      </section>

      <section className="section">
        <h2>{t('profile.photo')}</h2>
        <div className="photo-row">
          {faceUrl ? (
            <img className="face-thumb" src={faceUrl} alt={t('create.currentPhoto')} />
          ) : (
            <p className="muted">{t('profile.noPhoto')}</p>
          )}
          {!changingPhoto && (
            <button type="button" className="button button--small" onClick={() => setChangingPhoto(true)}>
              {t('profile.changePhoto')}
            </button>
          )}
        </div>
        {changingPhoto && (
          <FaceCheck
            onPicked={async (photo) => {
              const checked = await uploadFace(photo);
              setFaceUrl(loadFacePhotoUrl() ?? URL.createObjectURL(photo));
              setChangingPhoto(false);
              haptic.success();
              toast.success(t('profile.photoSaved'));
              return checked;
            }}
          />
        )}
      </section>

      <section className="section" id="plans">
        <h2>{t('profile.plans')}</h2>
        <p className="muted">{t('profile.plansText')}</p>
        <Plans />
      </section>

      <section className="section">
        <h2>{t('profile.account')}</h2>
        <dl className="overview">
          <dt>ID</dt>
          <dd>{user.tgId}</dd>
          <dt>{t('menu.coins')}</dt>
          <dd>{user.memeCoins}</dd>
          <dt>{t('menu.swipes')}</dt>
          <dd>{user.swipes}</dd>
        </dl>
      </section>
      <AccountActions
        onFaceGone={() => {
          forgetFacePhoto();
          setFaceUrl(null);
        }}
      />
      {openMeme && (
        <Sheet title={t('profile.memeTitle')} onClose={() => setOpenMeme(null)}>
          <MemeResult meme={openMeme} />
        </Sheet>
      )}
    </div>
  );
}
