/**
 * The machine-readable AI label of every image MemeMint makes (EU AI Act art. 50; GAME.md "Decisions
 * for the launch round"): IPTC's digital source type for a composite made with a trained model.
 */
export const AI_DIGITAL_SOURCE_TYPE =
  'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia';

/** The text the share page and the share message carry (en, ru). */
export const AI_LABEL_TEXT = {
  en: 'Made with AI (MemeMint face swap)',
  ru: 'Создано ИИ (замена лица MemeMint)',
} as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The XMP packet written into each image: `Iptc4xmpExt:DigitalSourceType` and the producing
 * software's name and version (`xmp:CreatorTool`), e.g. `MemeMint face swap (@mememint/inference 0.1.0)`.
 */
export function aiLabelXmp(software: string): string {
  return [
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    ` Iptc4xmpExt:DigitalSourceType="${AI_DIGITAL_SOURCE_TYPE}"`,
    ` xmp:CreatorTool="${escapeXml(software)}"/>`,
    '</rdf:RDF>',
    '</x:xmpmeta>',
  ].join('');
}
