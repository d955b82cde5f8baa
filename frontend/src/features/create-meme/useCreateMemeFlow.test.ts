import { describe, expect, it } from 'vitest';
import {
  createMemeFlowReducer,
  initialCreateMemeFlow,
  type CreateMemeFlowAction,
  type CreateMemeFlowState,
} from './useCreateMemeFlow';

const face = new Blob(['face']);
const template = { templateId: 't1', previewUrl: '/api/media/t1.webp' };
const ownPhoto = { memeId: 'm1', previewUrl: '/api/media/m1.webp' };

function run(state: CreateMemeFlowState, ...actions: CreateMemeFlowAction[]): CreateMemeFlowState {
  return actions.reduce(createMemeFlowReducer, state);
}

const fresh = initialCreateMemeFlow(null);
const atCaption = run(
  fresh,
  { type: 'facePicked', face, faceUrl: 'data:face' },
  { type: 'targetChosen', target: template, caption: 'When the build is green' },
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
      generationId: null,
    });
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

  it('a template brings its caption, the own photo starts empty; both lead to the caption', () => {
    expect(atCaption).toMatchObject({
      step: 'caption',
      target: template,
      caption: 'When the build is green',
    });
    expect(
      run(atCaption, { type: 'back' }, { type: 'targetChosen', target: ownPhoto, caption: '' }),
    ).toMatchObject({ step: 'caption', target: ownPhoto, caption: '' });
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

  it('retry after a failure starts again at the face photo, forgetting the generation', () => {
    expect(run(inProgress, { type: 'retried' })).toMatchObject({ step: 'photo', generationId: null, face });
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
