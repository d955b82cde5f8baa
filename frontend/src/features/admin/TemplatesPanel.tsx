import type { AdminTemplateDto, TemplateDto } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useApiClient } from '../../lib/api-context';
import { LoadMore } from '../../ui/LoadMore';
import { QueryFallback } from '../../ui/QueryFallback';
import { toast } from '../../ui/toast';
import { adminApi, adminKeys, type NewTemplateFields } from './api';
import { ClipAnalysis } from './ClipAnalysis';
import { DecisionButtons } from './DecisionButtons';
import { FacesPreview } from './FacesPreview';
import { TemplateAudience, TemplateCaptions } from './TemplateAudience';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { usePaged } from './paged';
import { TemplateEdit } from './TemplateEdit';

const EMPTY_FIELDS: NewTemplateFields = {
  title: '',
  titleRu: '',
  caption: '',
  captionRu: '',
  tags: '',
  gender: '',
  isPremium: false,
};

/** Upload, check the faces, then publish (enable) or throw away (delete): nothing reaches players before. */
function TemplateUpload() {
  const { t } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [image, setImage] = useState<File | null>(null);
  const [fields, setFields] = useState(EMPTY_FIELDS);
  const [uploaded, setUploaded] = useState<TemplateDto | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.templates() });

  const upload = useMutation({
    mutationFn: () => adminApi.uploadTemplate(client, image!, fields),
    onSuccess: (template) => {
      setUploaded(template);
      void refresh();
    },
  });
  const reset = () => {
    setUploaded(null);
    setImage(null);
    setFields(EMPTY_FIELDS);
  };
  const decide = useMutation({
    mutationFn: async (publish: boolean) => {
      if (publish) await adminApi.setTemplateEnabled(client, uploaded!.id, true);
      else await adminApi.deleteTemplate(client, uploaded!.id);
    },
    onSuccess: (_result, publish) => {
      toast.success(t(publish ? 'admin.templates.published' : 'admin.templates.discarded'));
      reset();
      void refresh();
    },
  });

  // A clip is analysed after the upload answered, and goes live by itself when it has faces.
  if (uploaded?.kind === 'animation') return <ClipAnalysis templateId={uploaded.id} onDone={reset} />;
  if (uploaded)
    return (
      <section className="console-card" data-testid="template-review">
        <h3>{uploaded.title}</h3>
        <p>{t('admin.templates.facesFound', { count: uploaded.faces.length })}</p>
        <FacesPreview {...uploaded} />
        <p className="console-hint">{t('admin.templates.review')}</p>
        <div className="console-row">
          <DecisionButtons
            decide={decide}
            decisions={[
              { value: false, label: t('admin.templates.discard'), tone: 'secondary' },
              { value: true, label: t('admin.templates.publish') },
            ]}
          />
        </div>
      </section>
    );

  const set = (name: keyof NewTemplateFields) => (value: string | boolean) =>
    setFields((current) => ({ ...current, [name]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (image && fields.title.trim()) upload.mutate();
  };
  return (
    <form className="console-card console-form" onSubmit={submit}>
      <h3>{t('admin.templates.upload')}</h3>
      <label>
        {t('admin.templates.image')}
        <input
          type="file"
          accept="image/jpeg,image/gif,video/mp4,video/webm"
          required
          data-testid="template-image"
          onChange={(e) => setImage(e.target.files?.[0] ?? null)}
        />
      </label>
      <label>
        {t('admin.templates.titleEn')}
        <input required maxLength={120} value={fields.title} onChange={(e) => set('title')(e.target.value)} />
      </label>
      <label>
        {t('admin.templates.titleRu')}
        <input maxLength={120} value={fields.titleRu} onChange={(e) => set('titleRu')(e.target.value)} />
      </label>
      <TemplateCaptions caption={fields.caption} captionRu={fields.captionRu} onChange={set} />
      <label>
        {t('admin.templates.tags')}
        <input value={fields.tags} onChange={(e) => set('tags')(e.target.value)} />
      </label>
      <TemplateAudience gender={fields.gender} isPremium={fields.isPremium} onChange={set} />
      <button
        type="submit"
        className="button"
        disabled={upload.isPending || !image}
        aria-busy={upload.isPending}
      >
        {upload.isPending ? t('admin.templates.analysing') : t('admin.templates.analyse')}
      </button>
    </form>
  );
}

function TemplateRow({ template }: { template: AdminTemplateDto }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.templates() });
  const toggle = useMutation({
    mutationFn: () => adminApi.setTemplateEnabled(client, template.id, !template.enabled),
    onSuccess: () => {
      toast.success(t('admin.templates.switched'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => adminApi.deleteTemplate(client, template.id),
    onSuccess: () => {
      toast.success(t('admin.templates.deleted'));
      setConfirming(false);
      void refresh();
    },
  });
  const unused = template.generations === 0 && template.memes === 0;
  return (
    <li className="console-item" data-testid="template-row">
      {/* A clip has no thumbnail until its analysis made one (none when it failed). */}
      {template.analysis === 'pending' || template.analysis === 'failed' ? (
        <span className="console-item__thumb console-item__thumb--none" />
      ) : (
        <img className="console-item__thumb" src={template.thumbnailUrl} alt="" loading="lazy" />
      )}
      <div className="console-item__main">
        <strong>{template.title}</strong>
        <span className="console-hint">
          {t('admin.templates.faces', { count: template.faces?.length ?? 0 })} ·{' '}
          {t('admin.templates.uses', { generations: template.generations, memes: template.memes })}
        </span>
        <span className={`console-badge${template.enabled ? ' console-badge--on' : ''}`}>
          {t(template.enabled ? 'admin.templates.enabled' : 'admin.templates.disabled')}
        </span>
        {template.kind === 'animation' && (
          <span className="console-badge" data-testid="template-analysis">
            {t(`admin.templates.clip.${template.analysis ?? 'ready'}`)}
          </span>
        )}
        {template.analysisError && <span className="console-hint">{template.analysisError}</span>}
      </div>
      <div className="console-item__actions">
        <button
          type="button"
          className="button button--small button--secondary"
          aria-expanded={editing}
          onClick={() => setEditing((open) => !open)}
        >
          {t('admin.templates.edit')}
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate()}
        >
          {t(template.enabled ? 'admin.templates.disable' : 'admin.templates.enable')}
        </button>
        {unused && (
          <button
            type="button"
            className="button button--small button--danger"
            onClick={() => setConfirming(true)}
          >
            {t('admin.templates.delete')}
          </button>
        )}
      </div>
      {editing && <TemplateEdit template={template} onClose={() => setEditing(false)} />}
      {confirming && (
        <ConfirmDialog
          confirmLabel={t('admin.confirm')}
          question={t('admin.templates.deleteConfirm', { title: template.title })}
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onClose={() => setConfirming(false)}
        />
      )}
    </li>
  );
}

export function TemplatesPanel() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { query, items } = usePaged(adminKeys.templates(), (page) => adminApi.templates(client, page));
  return (
    <div className="console-panel console-panel--split">
      <TemplateUpload />
      <section>
        {query.isPending || query.isError ? (
          <QueryFallback query={query} />
        ) : items.length === 0 ? (
          <p className="empty">{t('admin.templates.empty')}</p>
        ) : (
          <ul className="console-list">
            {items.map((template) => (
              <TemplateRow key={template.id} template={template} />
            ))}
          </ul>
        )}
        <LoadMore pages={query} />
      </section>
    </div>
  );
}
