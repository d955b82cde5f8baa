import type {
  AdminFeedDayDto,
  AdminFiguresDto,
  AdminGrantRequest,
  AdminGrantResultDto,
  AdminLedgerEntryDto,
  AdminOrderDto,
  AdminRefundResultDto,
  AdminTemplatePatch,
  AdminTemplateDto,
  AdminUserDto,
  AdminUserSummaryDto,
  AuditEntryDto,
  BanDto,
  MemeModerationDto,
  Page,
  ReportedMemeDto,
  TemplateDto,
} from '@mememint/contracts';

import type { ApiClient } from '../../lib/api-client';

/** Query keys of the console; invalidating `all()` refreshes every panel. */
export const adminKeys = {
  all: () => ['admin'] as const,
  templates: () => [...adminKeys.all(), 'templates'] as const,
  template: (id: string) => [...adminKeys.templates(), id] as const,
  users: (q: string) => [...adminKeys.all(), 'users', q] as const,
  user: (tgId: number) => [...adminKeys.all(), 'user', tgId] as const,
  ledger: (tgId: number) => [...adminKeys.all(), 'ledger', tgId] as const,
  orders: () => [...adminKeys.all(), 'orders'] as const,
  feedDay: (date: string) => [...adminKeys.all(), 'feed', date] as const,
  figures: (days: number) => [...adminKeys.all(), 'figures', days] as const,
  audit: () => [...adminKeys.all(), 'audit'] as const,
  moderation: () => [...adminKeys.all(), 'moderation'] as const,
};

/** The fields of a new template beside its image (`POST /v1/memes/generations/templates/`). */
export interface NewTemplateFields {
  title: string;
  titleRu: string;
  caption: string;
  captionRu: string;
  tags: string;
  gender: string;
  isPremium: boolean;
}

/** The admin API (`/v1/admin/…`) as the console calls it. */
export const adminApi = {
  templates: (client: ApiClient, page: number) =>
    client.get<Page<AdminTemplateDto>>('/v1/admin/templates/', { query: { page, pageSize: 20 } }),
  template: (client: ApiClient, id: string) => client.get<AdminTemplateDto>(`/v1/admin/templates/${id}/`),
  /** Stored disabled, with the faces its analysis found (a clip: answered at once, analysed after). */
  uploadTemplate: (client: ApiClient, image: File, fields: NewTemplateFields) => {
    const form = new FormData();
    form.append('image', image);
    form.append('title', fields.title.trim());
    if (fields.titleRu.trim()) form.append('titles[ru]', fields.titleRu.trim());
    if (fields.caption.trim()) form.append('caption', fields.caption);
    if (fields.captionRu.trim()) form.append('captions[ru]', fields.captionRu);
    if (fields.tags.trim()) form.append('tags', fields.tags);
    if (fields.gender) form.append('gender', fields.gender);
    form.append('isPremium', String(fields.isPremium));
    return client.post<TemplateDto>('/v1/memes/generations/templates/', form, { timeoutMs: 120_000 });
  },
  setTemplateEnabled: (client: ApiClient, id: string, enabled: boolean) =>
    client.post<AdminTemplateDto>(`/v1/admin/templates/${id}/${enabled ? 'enable' : 'disable'}/`),
  /** Only the fields given change; `null` clears caption or gender. */
  updateTemplate: (client: ApiClient, id: string, patch: AdminTemplatePatch) =>
    client.patch<AdminTemplateDto>(`/v1/admin/templates/${id}/`, patch),
  deleteTemplate: (client: ApiClient, id: string) =>
    client.request<void>('DELETE', `/v1/admin/templates/${id}/`),

  searchUsers: (client: ApiClient, q: string) =>
    client.get<AdminUserSummaryDto[]>('/v1/admin/users/', { query: { q } }),
  user: (client: ApiClient, tgId: number) => client.get<AdminUserDto>(`/v1/admin/users/${tgId}/`),
  ledger: (client: ApiClient, tgId: number, page: number) =>
    client.get<Page<AdminLedgerEntryDto>>(`/v1/admin/users/${tgId}/ledger/`, {
      query: { page, pageSize: 20 },
    }),
  grant: (client: ApiClient, tgId: number, grant: AdminGrantRequest) =>
    client.post<AdminGrantResultDto>(`/v1/admin/users/${tgId}/grants/`, grant),
  setFlag: (client: ApiClient, tgId: number, flag: 'influencer' | 'admin', on: boolean) =>
    client.post<unknown>(`/v1/admin/users/${tgId}/${flag}/`, { on }),
  /** For `days` from now, or until lifted when absent; 409 ADMIN_NOT_BANNABLE for an admin. */
  ban: (client: ApiClient, tgId: number, reason: string, days?: number) =>
    client.post<BanDto>(`/v1/admin/users/${tgId}/ban/`, days === undefined ? { reason } : { reason, days }),
  unban: (client: ApiClient, tgId: number) =>
    client.post<{ tgId: number; banned: false }>(`/v1/admin/users/${tgId}/unban/`, {}),

  orders: (client: ApiClient, page: number) =>
    client.get<Page<AdminOrderDto>>('/v1/admin/orders/', { query: { page, pageSize: 20 } }),
  refund: (client: ApiClient, orderId: string) =>
    client.post<AdminRefundResultDto>(`/v1/admin/orders/${orderId}/refund/`, {}),

  feedDay: (client: ApiClient, date: string) => client.get<AdminFeedDayDto>(`/v1/admin/feed/${date}/`),
  settle: (client: ApiClient, date: string, force: boolean) =>
    client.post<unknown>(`/v1/admin/feed/${date}/settle/`, { force }),

  figures: (client: ApiClient, days: number) =>
    client.get<AdminFiguresDto>('/v1/admin/figures/', { query: { days } }),
  /** Open reports and results held by NSFW screening, newest first. */
  reports: (client: ApiClient, page: number) =>
    client.get<Page<ReportedMemeDto>>('/v1/admin/reports/', {
      query: { status: 'open', page, pageSize: 20 },
    }),
  decide: (client: ApiClient, memeId: string, decision: 'hide' | 'restore') =>
    client.post<MemeModerationDto>(`/v1/admin/memes/${memeId}/${decision}/`, {}),
  audit: (client: ApiClient, page: number) =>
    client.get<Page<AuditEntryDto>>('/v1/admin/audit/', { query: { page, pageSize: 30 } }),
};
