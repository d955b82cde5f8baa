import type { FaceChoice, FaceRect } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

import { haptic } from '../../telegram/sdk';

/**
 * The faces a choice selects, as indices into the picture's list (largest first); the default choice
 * selects the face the server swaps then (`defaultFace`, a template's: the largest or, of faces of nearly
 * its size, the most frontal and sharpest).
 */
export function selectedFaces(choice: FaceChoice, count: number, defaultFace = 0): number[] {
  if (choice === 'all') return Array.from({ length: count }, (_, index) => index);
  if (choice === 'largest') return count > 0 ? [defaultFace < count ? defaultFace : 0] : [];
  return choice.filter((index) => index < count);
}

/** The multipart `faces` field for a choice: none for the default face (the server's default). */
export function faceChoiceField(choice: FaceChoice): string | undefined {
  if (choice === 'largest') return undefined;
  return choice === 'all' ? 'all' : JSON.stringify(choice);
}

/** A share of the picture's side, kept on the picture (a box can reach past it). */
const share = (value: number, side: number) => Math.min(Math.max(value / side, 0), 1);
const percent = (fraction: number) => `${Math.round(fraction * 10_000) / 100}%`;

/** Where a face's outline goes over the picture, in CSS percentages of its size. */
function outline(face: FaceRect, width: number, height: number) {
  const left = share(face.x, width);
  const top = share(face.y, height);
  return {
    left: percent(left),
    top: percent(top),
    width: percent(share(face.x + face.width, width) - left),
    height: percent(share(face.y + face.height, height) - top),
  };
}

/**
 * The faces of a picture with several, as outlines over it to tap: each tap adds or removes a face (at
 * least one stays), "All faces" takes every one (sent as `all`, as is tapping each); the default face
 * (`defaultFace`) is chosen until the player taps.
 */
export function FacePicker({
  imageUrl,
  width,
  height,
  faces,
  defaultFace = 0,
  value,
  onChange,
}: {
  imageUrl: string;
  width: number;
  height: number;
  faces: FaceRect[];
  /** The face the server swaps without a choice (an index into `faces`). */
  defaultFace?: number;
  value: FaceChoice;
  onChange: (choice: FaceChoice) => void;
}) {
  const { t } = useTranslation();
  const selected = new Set(selectedFaces(value, faces.length, defaultFace));
  const toggle = (index: number) => {
    haptic.select();
    const next = selected.has(index)
      ? [...selected].filter((chosen) => chosen !== index)
      : [...selected, index].sort((a, b) => a - b);
    if (next.length === 0) return;
    onChange(next.length === faces.length ? 'all' : next);
  };

  return (
    <div className="face-picker" data-testid="face-picker">
      <p className="field__label">{t('create.facesTitle')}</p>
      <div className="face-picker__picture">
        <img src={imageUrl} alt="" />
        {faces.map((face, index) => (
          <button
            type="button"
            // The list is the server's, fixed for the picture: its order is the face's identity.
            key={index}
            className={`face-picker__face${selected.has(index) ? ' face-picker__face--selected' : ''}`}
            aria-pressed={selected.has(index)}
            aria-label={t('create.faceNumber', { number: index + 1 })}
            style={outline(face, width, height)}
            onClick={() => toggle(index)}
          />
        ))}
      </div>
      <div className="face-picker__actions">
        <button
          type="button"
          className="button button--small button--secondary"
          aria-pressed={value === 'all'}
          onClick={() => {
            haptic.select();
            onChange('all');
          }}
        >
          {t('create.facesAll')}
        </button>
        <span className="muted">
          {t('create.facesChosen', { chosen: selected.size, total: faces.length })}
        </span>
      </div>
    </div>
  );
}
