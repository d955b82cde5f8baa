import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { haptic } from '../../telegram/sdk';
import { CameraIcon, GalleryIcon } from '../../ui/icons';
import { toast } from '../../ui/toast';
import { NotJpegError, preparePhoto } from './photo';
import './create-meme.css';

/** Take a photo or select one from the gallery (JPEG only), prepared for upload. */
export function PhotoPicker({ onPicked, busy }: { onPicked: (photo: Blob) => void; busy?: boolean }) {
  const { t } = useTranslation();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);

  async function picked(input: HTMLInputElement) {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setPreparing(true);
    try {
      onPicked(await preparePhoto(file));
    } catch (error) {
      haptic.error();
      toast.error(error instanceof NotJpegError ? t('errors.onlyJpeg') : t('errors.imageUpload'));
    } finally {
      setPreparing(false);
    }
  }

  const disabled = preparing || busy;
  return (
    <div className="photo-picker">
      <button
        type="button"
        className="button"
        disabled={disabled}
        onClick={() => {
          haptic.tap();
          camera.current?.click();
        }}
      >
        <CameraIcon size={20} /> {t('create.takePhoto')}
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={disabled}
        onClick={() => {
          haptic.tap();
          gallery.current?.click();
        }}
      >
        <GalleryIcon size={20} /> {t('create.choosePhoto')}
      </button>
      {preparing && <p className="muted">{t('create.preparing')}</p>}
      <input
        ref={camera}
        type="file"
        accept="image/jpeg"
        capture="user"
        hidden
        data-testid="camera-input"
        onChange={(e) => void picked(e.currentTarget)}
      />
      <input
        ref={gallery}
        type="file"
        accept="image/jpeg"
        hidden
        data-testid="gallery-input"
        onChange={(e) => void picked(e.currentTarget)}
      />
    </div>
  );
}
