import type { AnimationFields, MemeDto, TemplateDto } from '@mememint/contracts';

/** What a still template or meme says of animation. */
export const STILL: AnimationFields = { kind: 'image', durationMs: null, frameCount: null, videoUrl: null };

/** A template as the server lists it (tests change what they need with a spread). */
export const TEST_TEMPLATE: TemplateDto = {
  id: 't1',
  title: 'Curly classic',
  caption: 'When the build is green',
  tags: [],
  gender: null,
  isPremium: false,
  imageUrl: '/api/media/templates/t1.jpg',
  thumbnailUrl: '/api/media/templates/t1.thumb.webp',
  width: 512,
  height: 512,
  faces: [{ x: 180, y: 120, width: 150, height: 190 }],
  defaultFace: 0,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...STILL,
};

/** A finished meme made from TEST_TEMPLATE, without a caption. */
export const TEST_MEME: MemeDto = {
  id: 'm1',
  shareId: 's1',
  text: null,
  isPublished: false,
  imageUrl: '/api/media/generations/g1.jpg',
  thumbnailUrl: '/api/media/generations/g1.thumb.webp',
  width: 512,
  height: 512,
  generationId: 'g1',
  templateId: 't1',
  likes: 0,
  createdAt: '2026-11-22T10:00:00.000Z',
  publishedAt: null,
  ...STILL,
};
