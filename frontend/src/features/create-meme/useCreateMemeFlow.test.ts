import { describe, expect, it } from 'vitest';

import {
  createMemeFlowReducer,
  initialCreateMemeFlow,
  type CreateMemeFlowAction,
  type CreateMemeFlowState,
} from './useCreateMemeFlow';

const face = new Blob(['face']);
const template = {
  templateId: 't1',
  previewUrl: '/api/media/t1.webp',
  suggestedCaption: 'When the build is green',
};
const ownPhoto = { memeId: 'm1', previewUrl: '/api/media/m1.webp' };

function run(state: CreateMemeFlowState, ...actions: CreateMemeFlowAction[]): CreateMemeFlowState {
  return actions.reduce(createMemeFlowReducer, state);
}

const fresh = initialCreateMemeFlow(null);
const atCaption = run(
  fresh,
  { type: 'facePicked', face, faceUrl: 'data:face' },
  { type: 'targetChosen', target: template },
  { type: 'captionChanged', caption: 'When the tests pass' },
);
const inProgress = run(atCaption, { type: 'generationStarted', generationId: 'g1' });

describe('createMemeFlowReducer', () => {
  it('starts at the face photo, showing the photo saved on the device', () => {
    expect(initialCreateMemeFlow('data:saved')).toEqual({
      step: 'photo',
      face: null,
      faceUrl: 'data:saved',
      target: null,
      caption: '',
      faceChoice: 'largest',
      generationId: null,
    });
  });

  it('a face choice holds for its picture; another picture starts again from the largest face', () => {
    const chosen = run(atCaption, { type: 'facesChosen', faceChoice: [1, 2] });
    expect(chosen.faceChoice).toEqual([1, 2]);
    expect(
      run(chosen, { type: 'targetChosen', target: { templateId: 't2', previewUrl: 'x' } }).faceChoice,
    ).toBe('largest');
  });

  it('a picked face is kept and leads to the base choice', () => {
    expect(run(fresh, { type: 'facePicked', face, faceUrl: 'data:face' })).toMatchObject({
      step: 'target',
      face,
      faceUrl: 'data:face',
    });
  });

  it('the saved face leads to the base choice without a new photo', () => {
    expect(run(initialCreateMemeFlow('data:saved'), { type: 'savedFaceUsed' })).toMatchObject({
      step: 'target',
      face: null,
      faceUrl: 'data:saved',
    });
  });

  it('a template only suggests its caption: every base starts without one and leads to the caption', () => {
    const chosen = run(
      fresh,
      { type: 'facePicked', face, faceUrl: 'data:face' },
      { type: 'targetChosen', target: template },
    );
    expect(chosen).toMatchObject({ step: 'caption', target: template, caption: '' });
    expect(run(atCaption, { type: 'back' }, { type: 'targetChosen', target: ownPhoto })).toMatchObject({
      step: 'caption',
      target: ownPhoto,
      caption: '',
    });
  });

  it('editing the caption changes only the caption', () => {
    expect(run(atCaption, { type: 'captionChanged', caption: 'Mine' })).toEqual({
      ...atCaption,
      caption: 'Mine',
    });
  });

  it('a started generation shows its progress', () => {
    expect(inProgress).toEqual({ ...atCaption, step: 'progress', generationId: 'g1' });
  });

  it('retry after a faceless face photo asks for another photo, not offering that one again', () => {
    expect(run(inProgress, { type: 'retried', failed: 'face' })).toMatchObject({
      step: 'photo',
      generationId: null,
      face: null,
      faceUrl: null,
      target: template,
    });
  });

  it('retry after a faceless picture keeps the face and asks for another picture', () => {
    expect(run(inProgress, { type: 'retried', failed: 'target' })).toMatchObject({
      step: 'target',
      generationId: null,
      face,
      faceUrl: 'data:face',
    });
  });

  it('retry after any other failure goes back to the caption with the same choices', () => {
    expect(run(inProgress, { type: 'retried', failed: null })).toEqual({
      ...atCaption,
      step: 'caption',
      generationId: null,
    });
  });

  it('another meme keeps the face and goes back to the base choice', () => {
    expect(run(inProgress, { type: 'anotherRequested' })).toMatchObject({
      step: 'target',
      generationId: null,
      face,
      faceUrl: 'data:face',
    });
  });

  it('back steps from the caption to the base choice to the face photo, keeping what was chosen', () => {
    const atTarget = run(atCaption, { type: 'back' });
    expect(atTarget).toEqual({ ...atCaption, step: 'target' });
    expect(run(atTarget, { type: 'back' })).toEqual({ ...atCaption, step: 'photo' });
  });

  it('back changes nothing at the face photo or during a generation (the flow closes instead)', () => {
    expect(run(fresh, { type: 'back' })).toBe(fresh);
    expect(run(inProgress, { type: 'back' })).toBe(inProgress);
  });
});
