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
import { type Decision, DecisionButtons } from './DecisionButtons';
import { FacesPreview } from './FacesPreview';

/** A missed `template:analysed` (a socket that was down) is caught by looking again this often. */
const RECHECK_MS = 15_000;

type Settlement = 'disable' | 'discard';

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
    mutationFn: async (action: Settlement) => {
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
  const settlements: Decision<Settlement>[] = [];
  if (template.enabled)
    settlements.push({ value: 'disable', label: t('admin.templates.disable'), tone: 'secondary' });
  // A clip already used stays (memes play it); it can only be disabled.
  if (template.generations === 0 && template.memes === 0)
    settlements.push({ value: 'discard', label: t('admin.templates.discard'), tone: 'secondary' });
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
        <DecisionButtons decide={settle} decisions={settlements} />
        <button type="button" className="button" disabled={settle.isPending} onClick={onDone}>
          {t('admin.templates.done')}
        </button>
      </div>
    </section>
  );
}
