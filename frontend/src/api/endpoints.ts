import type {
  DevInitDataRequest,
  DevInitDataResponse,
  GenerationCreatedDto,
  GenerationStatusDto,
  LoginRequest,
  LoginResponse,
  MemeDto,
  MemeUpdateRequest,
  Page,
  PromoApplyResponse,
  PromoCreateRequest,
  PromoCreateResponse,
  StickerPackCreateRequest,
  StickerPackDto,
  TemplateDto,
  UserDto,
} from '@mememint/contracts';
import type { ApiClient } from './client';

/** Typed calls of SEED-SPEC §7, one per endpoint the app uses. */
export function createApi(client: ApiClient) {
  return {
    client,
    login: (body: LoginRequest) => client.post<Partial<LoginResponse>>('/v1/auth/login/', body),
    me: () => client.get<UserDto>('/v1/auth/me/'),
    devInitData: (body: DevInitDataRequest) =>
      client.post<DevInitDataResponse>('/v1/auth/dev/init-data/', body),
    finishOnboarding: () => client.get<UserDto>('/v1/users/unboarding-finish/'),

    templates: () => client.get<Page<TemplateDto>>('/v1/memes/generations/templates/'),
    uploadMeme: (image: Blob, text?: string) => {
      const form = new FormData();
      form.append('image', image, 'photo.jpg');
      if (text) form.append('text', text);
      return client.post<MemeDto>('/v1/memes/', form);
    },
    startGeneration: (input: { photo?: Blob; templateId?: string; memeId?: string; text?: string }) => {
      const form = new FormData();
      if (input.photo) form.append('photo', input.photo, 'face.jpg');
      if (input.templateId) form.append('templateId', input.templateId);
      if (input.memeId) form.append('memeId', input.memeId);
      if (input.text) form.append('text', input.text);
      return client.post<GenerationCreatedDto>('/v1/memes/generations/', form);
    },
    generationStatus: (id: string) =>
      client.get<GenerationStatusDto>(`/v1/memes/generations/${encodeURIComponent(id)}/status/`),
    updateMeme: (id: string, body: MemeUpdateRequest) =>
      client.patch<MemeDto>(`/v1/memes/${encodeURIComponent(id)}/`, body),
    myMemes: (page: number) => client.get<Page<MemeDto>>('/v1/memes/', { query: { page } }),

    createPromo: (body: PromoCreateRequest) =>
      client.post<Partial<PromoCreateResponse>>('/v1/promocodes/', body),
    createStickerPack: (body: StickerPackCreateRequest) => client.post<StickerPackDto>('/v1/stickers/', body),
    applyPromo: (code: string) =>
      client.post<PromoApplyResponse>(`/v1/promocodes/${encodeURIComponent(code)}/`),
  };
}

export type Api = ReturnType<typeof createApi>;
