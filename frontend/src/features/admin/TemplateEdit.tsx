import {
  MEME_TEXT_MAX_LENGTH,
  type AdminTemplateDto,
  type AdminTemplatePatch,
  type Gender,
} from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useApiClient } from '../../lib/api-context';
import { toast } from '../../ui/toast';
import { adminApi, adminKeys } from './api';
import { TemplateAudience, TemplateCaptions } from './TemplateAudience';

const TITLE_MAX = 120;
const TAGS_MAX = 10;
/** The tag rule of `AdminTemplatePatchDto`, checked here so the operator sees which field is wrong. */
const TAG = /^[\p{Ll}\p{Lo}\p{N}_-]{1,32}$/u;

interface Fields {
  title: string;
  titleRu: string;
  caption: string;
  captionRu: string;
  tags: string;
  gender: string;
  isPremium: boolean;
}

const fieldsOf = (template: AdminTemplateDto): Fields => ({
  title: template.title,
  titleRu: template.titles.ru ?? '',
  caption: template.caption ?? '',
  captionRu: template.captions.ru ?? '',
  tags: template.tags.join(', '),
  gender: template.gender ?? '',
  isPremium: template.isPremium,
});

const tagsOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter(Boolean);

/** What is wrong with each field, by its text key (none: the form can be saved). */
function problems(fields: Fields, template: AdminTemplateDto): Partial<Record<keyof Fields, string>> {
  const found: Partial<Record<keyof Fields, string>> = {};
  if (!fields.title.trim()) found.title = 'admin.templates.titleRequired';
  else if (fields.title.trim().length > TITLE_MAX) found.title = 'admin.templates.tooLong';
  // The API cannot clear a translation, only replace it.
  if (!fields.titleRu.trim() && template.titles.ru) found.titleRu = 'admin.templates.titleRuRequired';
  else if (fields.titleRu.trim().length > TITLE_MAX) found.titleRu = 'admin.templates.tooLong';
  if (fields.caption.length > MEME_TEXT_MAX_LENGTH) found.caption = 'admin.templates.tooLong';
  if (fields.captionRu.length > MEME_TEXT_MAX_LENGTH) found.captionRu = 'admin.templates.tooLong';
  const tags = tagsOf(fields.tags);
  if (tags.length > TAGS_MAX || tags.some((tag) => !TAG.test(tag)))
    found.tags = 'admin.templates.tagsInvalid';
  return found;
}

/** Only what changed, so the audit row shows just the edit. */
function patchOf(fields: Fields, template: AdminTemplateDto): AdminTemplatePatch {
  const patch: AdminTemplatePatch = {};
  const before = fieldsOf(template);
  if (fields.title.trim() !== before.title) patch.title = fields.title.trim();
  if (fields.titleRu.trim() !== before.titleRu) patch.titles = { ru: fields.titleRu.trim() };
  if (fields.caption.trim() !== before.caption) patch.caption = fields.caption.trim() || null;
  // A blank Russian caption removes it: Russian players get the English one.
  if (fields.captionRu.trim() !== before.captionRu) patch.captions = { ru: fields.captionRu.trim() };
  const tags = tagsOf(fields.tags);
  if (tags.join(',') !== template.tags.join(',')) patch.tags = tags;
  if (fields.gender !== before.gender) patch.gender = (fields.gender || null) as Gender | null;
  if (fields.isPremium !== before.isPremium) patch.isPremium = fields.isPremium;
  return patch;
}

/** Edits a template's texts, tags, gender and premium flag (`PATCH /v1/admin/templates/{id}/`). */
export function TemplateEdit({ template, onClose }: { template: AdminTemplateDto; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(() => fieldsOf(template));
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: (patch: AdminTemplatePatch) => adminApi.updateTemplate(client, template.id, patch),
    onSuccess: () => {
      toast.success(t('admin.templates.saved'));
      void queryClient.invalidateQueries({ queryKey: adminKeys.templates() });
      onClose();
    },
  });
  const found = problems(fields, template);
  const patch = patchOf(fields, template);
  const unchanged = Object.keys(patch).length === 0;
  const set = (name: keyof Fields) => (value: string | boolean) =>
    setFields((current) => ({ ...current, [name]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(found).length === 0 && !unchanged) save.mutate(patch);
  };
  const problem = (name: keyof Fields) =>
    tried && found[name] ? (
      <span className="console-hint console-negative" role="alert">
        {t(found[name], {
          max: name === 'caption' || name === 'captionRu' ? MEME_TEXT_MAX_LENGTH : TITLE_MAX,
        })}
      </span>
    ) : null;
  return (
    <form className="console-form console-edit" onSubmit={submit} data-testid="template-edit" noValidate>
      <label>
        {t('admin.templates.titleEn')}
        <input
          value={fields.title}
          aria-invalid={tried && !!found.title}
          onChange={(e) => set('title')(e.target.value)}
        />
      </label>
      {problem('title')}
      <label>
        {t('admin.templates.titleRu')}
        <input
          value={fields.titleRu}
          aria-invalid={tried && !!found.titleRu}
          onChange={(e) => set('titleRu')(e.target.value)}
        />
      </label>
      {problem('titleRu')}
      <TemplateCaptions
        caption={fields.caption}
        captionRu={fields.captionRu}
        onChange={set}
        problem={problem}
      />
      <label>
        {t('admin.templates.tags')}
        <input
          value={fields.tags}
          aria-invalid={tried && !!found.tags}
          onChange={(e) => set('tags')(e.target.value)}
        />
      </label>
      {problem('tags')}
      <TemplateAudience gender={fields.gender} isPremium={fields.isPremium} onChange={set} />
      <div className="console-row">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('admin.cancel')}
        </button>
        <button
          type="submit"
          className="button"
          disabled={save.isPending || unchanged}
          aria-busy={save.isPending}
        >
          {t('admin.templates.save')}
        </button>
      </div>
    </form>
  );
}
