import { TemplatesService } from '../../templates/templates.service.js';
import { type AdminCommand, ExitCode, splitArgs, UsageError } from '../admin-command.js';

/**
 * `templates:analyse` has the inference worker analyse every template added before analyses (one at a
 * time, each awaited like an upload): their faces are listed to players from then on and their swaps
 * skip detection. Until then they work as before. Run again after an interruption: analysed templates
 * are skipped. Needs a running inference worker.
 */
export const templatesAnalyseCommand: AdminCommand<Record<string, never>> = {
  name: 'templates:analyse',
  usage: [''],
  summary: 'has the inference worker analyse the faces of templates added before analyses',

  parse(args) {
    const { positionals } = splitArgs(args, []);
    if (positionals.length > 0) throw new UsageError(`Unexpected arguments: ${positionals.join(' ')}.`);
    return {};
  },

  async run(app, _params, output) {
    const templates = app.get(TemplatesService);
    const pending = await templates.findUnanalysed();
    const counts = { analysed: 0, 'no-face': 0, unavailable: 0 };
    for (const template of pending) {
      const outcome = await templates.analyseExisting(template);
      counts[outcome] += 1;
      if (outcome === 'no-face') output.error(`Template ${template.id} has no face: players cannot use it.`);
      if (outcome === 'unavailable') {
        output.error('No inference worker analysed it in time: start one and run this again.');
        break;
      }
    }
    output.log(
      `Templates analysed: ${counts.analysed}, without a face: ${counts['no-face']}, left: ${pending.length - counts.analysed - counts['no-face']}.`,
    );
    return counts.unavailable > 0 ? ExitCode.failed : ExitCode.ok;
  },
};
