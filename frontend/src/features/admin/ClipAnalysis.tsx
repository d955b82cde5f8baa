import type { TemplateAnalysedEvent } from '@mememint/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { useApiClient } from '../../lib/api-context';
import { useSocket } from '../../lib/realtime';
import { QueryFallback } from '../../ui/QueryFallback';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { adminApi, adminKeys } from './api';
import { FacesPreview } from './FacesPreview';

/** A missed `template:analysed` (a socket that was down) is caught by looking again this often. */
const RECHECK_MS = 15_000;

/**
 * An uploaded clip while the worker analyses it (the upload answered at once), then what it found:
 * live by itself when it has faces (the admin can still disable or throw it away), else why not.
 */
export function ClipAnalysis({ templateId, onDone }: { templateId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const socket = useSocket();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: adminKeys.template(templateId),
    queryFn: () => adminApi.template(client, templateId),
    refetchInterval: (current) => (current.state.data?.analysis === 'pending' ? RECHECK_MS : false),
  });
  useEffect(() => {
    if (!socket) return;
    const onAnalysed = (event: TemplateAnalysedEvent) => {
      if (event.templateId === templateId)
        void queryClient.invalidateQueries({ queryKey: adminKeys.templates() });
    };
    socket.on('template:analysed', onAnalysed);
    return () => {
      socket.off('template:analysed', onAnalysed);
    };
  }, [socket, templateId, queryClient]);
  const settle = useMutation({
    mutationFn: async (action: 'disable' | 'discard') => {
      if (action === 'disable') await adminApi.setTemplateEnabled(client, templateId, false);
      else await adminApi.deleteTemplate(client, templateId);
    },
    onSuccess: (_result, action) => {
      toast.success(t(action === 'disable' ? 'admin.templates.switched' : 'admin.templates.discarded'));
      void queryClient.invalidateQueries({ queryKey: adminKeys.templates() });
      onDone();
    },
  });

  const template = query.data;
  if (!template) return <QueryFallback query={query} />;
  const unused = template.generations === 0 && template.memes === 0;
  return (
    <section className="console-card" data-testid="clip-analysis" data-analysis={template.analysis}>
      <h3>{template.title}</h3>
      {template.analysis === 'pending' ? (
        <>
          <Spinner label={t('admin.templates.clipAnalysing')} />
          <p>{t('admin.templates.clipAnalysing')}</p>
          <p className="console-hint">{t('admin.templates.clipAnalysingHint')}</p>
        </>
      ) : template.analysis === 'ready' ? (
        <>
          <p>{t('admin.templates.facesFound', { count: template.faces?.length ?? 0 })}</p>
          <FacesPreview {...template} faces={template.faces ?? []} />
          <p className="console-hint">{t('admin.templates.clipLive')}</p>
        </>
      ) : (
        <p role="alert">{t('admin.templates.clipFailed', { detail: template.analysisError ?? '' })}</p>
      )}
      <div className="console-row">
        {template.enabled && (
          <button
            type="button"
            className="button button--secondary"
            disabled={settle.isPending}
            onClick={() => settle.mutate('disable')}
          >
            {t('admin.templates.disable')}
          </button>
        )}
        {unused && (
          <button
            type="button"
            className="button button--secondary"
            disabled={settle.isPending}
            onClick={() => settle.mutate('discard')}
          >
            {t('admin.templates.discard')}
          </button>
        )}
        <button type="button" className="button" disabled={settle.isPending} onClick={onDone}>
          {t('admin.templates.done')}
        </button>
      </div>
    </section>
  );
}
