import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { type AdminTemplateDto, type AdminTemplatePatch, type Page, ErrorCode } from '@mememint/contracts';
import { MediaStore } from '@mememint/media';

import { AuditService } from '../admin/audit/audit.service.js';
import { Transactions } from '../database/transactions.js';
import type { Template } from './entities/template.entity.js';
import { type TemplateFields, TemplatesRepository, type TemplateUsage } from './templates.repository.js';
import { givenTexts, templateFileKeys, toTemplateDto } from './template-fields.js';

export const TEMPLATE_NOT_FOUND = 'Template not found';

/** The player's view of a template, with what only admins see: every title, the faces as stored, usage. */
function toAdminTemplateDto(template: Template, usage: TemplateUsage | undefined): AdminTemplateDto {
  return {
    ...toTemplateDto(template),
    titles: template.titles,
    captions: template.captions,
    faces: template.faces,
    enabled: template.enabled,
    analysisError: template.analysisError,
    generations: usage?.generations ?? 0,
    memes: usage?.memes ?? 0,
  };
}

/** What the audit keeps of a template: its editable fields. */
function auditState(template: Template): Pick<Template, keyof TemplateFields> {
  const { title, titles, caption, captions, tags, gender, isPremium, enabled } = template;
  return { title, titles, caption, captions, tags, gender, isPremium, enabled };
}

/**
 * Templates as admins run them (issue 26): every one with its use, edits, enabling (a new template
 * is stored disabled), deleting an unused one. Each change is audited in its transaction.
 */
@Injectable()
export class TemplateAdminService {
  constructor(
    private readonly templates: TemplatesRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    private readonly storage: MediaStore,
  ) {}

  async page(page: number, pageSize: number): Promise<Page<AdminTemplateDto>> {
    const [rows, total] = await this.templates.page({
      all: true,
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    const usage = await this.templates.usage(rows.map((row) => row.id));
    return { items: rows.map((row) => toAdminTemplateDto(row, usage.get(row.id))), page, pageSize, total };
  }

  async get(id: string): Promise<AdminTemplateDto> {
    const template = await this.templates.findById(id);
    if (!template) throw new NotFoundException(TEMPLATE_NOT_FOUND);
    return toAdminTemplateDto(template, (await this.templates.usage([id])).get(id));
  }

  update(actor: string, id: string, patch: AdminTemplatePatch): Promise<AdminTemplateDto> {
    const changes: Partial<TemplateFields> = {};
    if (patch.title !== undefined) changes.title = patch.title.trim();
    if (patch.titles !== undefined) changes.titles = givenTexts(patch.titles);
    if (patch.caption !== undefined) changes.caption = patch.caption?.trim() || null;
    if (patch.captions !== undefined) changes.captions = givenTexts(patch.captions);
    if (patch.tags !== undefined) changes.tags = patch.tags;
    if (patch.gender !== undefined) changes.gender = patch.gender;
    if (patch.isPremium !== undefined) changes.isPremium = patch.isPremium;
    return this.change(actor, id, 'template.update', changes);
  }

  /** Lists it to players (true) or takes it off their list (false); memes made from it stay. */
  setEnabled(actor: string, id: string, enabled: boolean): Promise<AdminTemplateDto> {
    return this.change(actor, id, enabled ? 'template.enable' : 'template.disable', { enabled });
  }

  /** Deletes a template nothing was made from (409 otherwise: disable it instead), and its files. */
  async remove(actor: string, id: string): Promise<void> {
    const removed = await this.transactions.run(async (em) => {
      const template = await this.templates.lock(em, id);
      if (!template) throw new NotFoundException(TEMPLATE_NOT_FOUND);
      const usage = (await this.templates.usage([id], em)).get(id);
      if (usage && (usage.generations > 0 || usage.memes > 0))
        throw new ConflictException({
          detail: 'This template has been used: disable it instead',
          code: ErrorCode.templateInUse,
        });
      await this.templates.remove(em, id);
      await this.audit.record(
        { actor, action: 'template.delete', target: id, before: auditState(template) },
        em,
      );
      return template;
    });
    await Promise.all(templateFileKeys(removed).map((key) => this.storage.remove(key)));
  }

  private async change(
    actor: string,
    id: string,
    action: string,
    changes: Partial<TemplateFields>,
  ): Promise<AdminTemplateDto> {
    await this.transactions.run(async (em) => {
      const template = await this.templates.lock(em, id);
      if (!template) throw new NotFoundException(TEMPLATE_NOT_FOUND);
      if (Object.keys(changes).length > 0) await this.templates.update(em, id, changes);
      await this.audit.record(
        {
          actor,
          action,
          target: id,
          before: auditState(template),
          after: auditState({ ...template, ...changes }),
        },
        em,
      );
    });
    return this.get(id);
  }
}
