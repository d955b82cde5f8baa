import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import type { FaceChoice, FaceRect, FaceUploadDto } from '@mememint/contracts';

import { useApiClient } from '../../lib/api-context';
import { useSocket } from '../../lib/realtime';
import { haptic } from '../../telegram/sdk';
import { useBackButton } from '../../ui/useBackButton';
import { memeKeys } from '../memes';
import { sessionKeys } from '../session';
import type { GenerationBase } from './api/start-generation';
import { forgetFacePhoto, loadFacePhotoUrl } from './photo';
import { useFaceUpload } from './useFaceUpload';
import { useGeneration } from './useGeneration';

/** What the face goes into, with a picture of it for the caption step. */
export type Target = GenerationBase & {
  previewUrl: string;
  /** A template's own caption, offered (never sent unless the player takes it). */
  suggestedCaption?: string | null;
  /** Its faces (largest first, in its pixels of `width` × `height`) when known: several are offered. */
  faces?: FaceRect[];
  /** The face the server swaps without a choice (a template's `defaultFace`), preselected; else the largest. */
  defaultFace?: number;
  width?: number;
  height?: number;
  /** An animated template: it costs more credits, and the free generation covers stills only. */
  animated?: boolean;
};

/** face photo → base (template or own photo) → caption → progress (then the failure or the result). */
export type CreateMemeStep = 'photo' | 'target' | 'caption' | 'progress';

/** Which input a failed generation blames: the face photo, the chosen picture, or neither. */
export type FailedInput = 'face' | 'target' | null;

export interface CreateMemeFlowState {
  step: CreateMemeStep;
  /** The face picked in this flow; null means the one saved on the device is used. */
  face: Blob | null;
  faceUrl: string | null;
  target: Target | null;
  caption: string;
  /** Which faces of the picture to replace; the largest until the player taps others. */
  faceChoice: FaceChoice;
  generationId: string | null;
}

export type CreateMemeFlowAction =
  | { type: 'facePicked'; face: Blob; faceUrl: string }
  | { type: 'savedFaceUsed' }
  /** Every base starts without a caption; a template's caption is only a suggestion. */
  | { type: 'targetChosen'; target: Target }
  | { type: 'captionChanged'; caption: string }
  | { type: 'facesChosen'; faceChoice: FaceChoice }
  | { type: 'generationStarted'; generationId: string }
  | { type: 'retried'; failed: FailedInput }
  | { type: 'anotherRequested' }
  | { type: 'back' };

export function initialCreateMemeFlow(savedFaceUrl: string | null): CreateMemeFlowState {
  return {
    step: 'photo',
    face: null,
    faceUrl: savedFaceUrl,
    target: null,
    caption: '',
    faceChoice: 'largest',
    generationId: null,
  };
}

/** The steps Back returns from inside the flow; from any other step Back closes it. */
const PREVIOUS_STEP: Partial<Record<CreateMemeStep, CreateMemeStep>> = { target: 'photo', caption: 'target' };

export function createMemeFlowReducer(
  state: CreateMemeFlowState,
  action: CreateMemeFlowAction,
): CreateMemeFlowState {
  switch (action.type) {
    case 'facePicked':
      return { ...state, face: action.face, faceUrl: action.faceUrl, step: 'target' };
    case 'savedFaceUsed':
      return { ...state, step: 'target' };
    case 'targetChosen':
      return { ...state, target: action.target, caption: '', faceChoice: 'largest', step: 'caption' };
    case 'captionChanged':
      return { ...state, caption: action.caption };
    case 'facesChosen':
      return { ...state, faceChoice: action.faceChoice };
    case 'generationStarted':
      return { ...state, generationId: action.generationId, step: 'progress' };
    case 'retried':
      // A faceless face photo is not offered again; a faceless picture sends the player to choose
      // another; anything else goes back to the caption, to start again with the same choices.
      if (action.failed === 'face')
        return { ...state, generationId: null, step: 'photo', face: null, faceUrl: null };
      return { ...state, generationId: null, step: action.failed === 'target' ? 'target' : 'caption' };
    case 'anotherRequested':
      return { ...state, generationId: null, step: 'target' };
    case 'back': {
      const previous = PREVIOUS_STEP[state.step];
      return previous ? { ...state, step: previous } : state;
    }
  }
}

/**
 * The create flow's state and its live generation: Telegram's Back steps back through photo, base
 * and caption and closes the flow from elsewhere; a finished generation refreshes the user and the
 * meme lists; a face photo without a face is forgotten on the device.
 */
export function useCreateMemeFlow(onClose: () => void) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(createMemeFlowReducer, null, () =>
    initialCreateMemeFlow(loadFacePhotoUrl()),
  );
  const generation = useGeneration(state.generationId, useApiClient(), useSocket());

  useBackButton(() => (PREVIOUS_STEP[state.step] ? dispatch({ type: 'back' }) : onClose()));

  useEffect(() => {
    if (generation.meme) {
      haptic.success();
      void queryClient.invalidateQueries({ queryKey: memeKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
    } else if (generation.error !== undefined) {
      haptic.error(); // the failed step says why
      if (generation.errorCode === 'NO_FACE') forgetFacePhoto();
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
    }
  }, [generation.meme, generation.error, generation.errorCode, queryClient]);

  const uploadFace = useFaceUpload();
  /** The face check first (a refusal throws its ApiError with the advice); a passing photo is kept. */
  const pickFace = useCallback(
    async (face: Blob): Promise<FaceUploadDto> => {
      const checked = await uploadFace(face);
      dispatch({ type: 'facePicked', face, faceUrl: loadFacePhotoUrl() ?? URL.createObjectURL(face) });
      return checked;
    },
    [uploadFace],
  );

  return { state, dispatch, generation, pickFace };
}
