import { analysisKeyOf, type SupportedLanguage, type TemplateDto, type Gender } from '@mememint/contracts';

import { toAnimationFields } from '../media/animation-fields.js';
import { MediaKeys, mediaUrl } from '../media/media-keys.js';
import type { Template } from './entities/template.entity.js';

/** An admin's fields for a new template; a blank caption is none. */
export interface NewTemplate {
  /** In English. */
  title: string;
  /** In the other languages (`{ru: '…'}`). */
  titles?: Partial<Record<SupportedLanguage, string>>;
  caption?: string;
  /** The caption in the other languages (`{ru: '…'}`). */
  captions?: Partial<Record<SupportedLanguage, string>>;
  tags?: string[];
  gender?: Gender;
  isPremium?: boolean;
}

/** The languages' texts an admin gave, without the blank ones, trimmed. */
export function givenTexts(
  texts: Partial<Record<SupportedLanguage, string>> | undefined,
): Partial<Record<SupportedLanguage, string>> {
  return Object.fromEntries(
    Object.entries(texts ?? {})
      .map(([language, text]) => [language, text?.trim()])
      .filter(([, text]) => text),
  );
}

/** A template's caption in the player's language when it has one there, else the English one. */
export function templateCaption(
  template: Pick<Template, 'caption' | 'captions'>,
  language?: SupportedLanguage,
): string | null {
  return (language && template.captions[language]) || template.caption;
}

/** A new template's row fields from an admin's: blank titles and captions left out. */
export function newTemplateFields(fields: NewTemplate) {
  return {
    title: fields.title,
    titles: givenTexts(fields.titles),
    caption: fields.caption?.trim() || null,
    captions: givenTexts(fields.captions),
    tags: fields.tags ?? [],
    gender: fields.gender ?? null,
    isPremium: fields.isPremium ?? false,
  };
}

/**
 * A template as players see it: titled and captioned in their language when it has that title or
 * caption, else in English.
 */
export function toTemplateDto(template: Template, language?: SupportedLanguage): TemplateDto {
  return {
    id: template.id,
    title: (language && template.titles[language]) || template.title,
    caption: templateCaption(template, language),
    tags: template.tags,
    gender: template.gender,
    isPremium: template.isPremium,
    imageUrl: mediaUrl(template.imageKey),
    thumbnailUrl: mediaUrl(template.thumbnailKey),
    width: template.width,
    height: template.height,
    faces: template.faces ?? [],
    defaultFace: template.defaultFace,
    createdAt: template.createdAt.toISOString(),
    ...toAnimationFields(template),
    ...(template.analysis ? { analysis: template.analysis } : {}),
  };
}

/**
 * Every file a template keeps: its picture (an animation's poster), thumbnail and face analysis, and
 * for an animation its upload, MP4 and tracks.
 */
export function templateFileKeys(
  template: Pick<Template, 'id' | 'imageKey' | 'thumbnailKey' | 'analysis'>,
): string[] {
  const still = [template.imageKey, template.thumbnailKey, analysisKeyOf(template.imageKey)];
  return template.analysis ? [...still, ...Object.values(MediaKeys.animation(template.id))] : still;
}
