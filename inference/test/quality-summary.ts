/** The figures `npm run quality -w inference` prints and the CI tests hold floors on, over a list of pairs. */
import { SAME_PERSON_DISTANCE, STEADY_SHIFTS } from './face-api-judge.js';
import type { PairQuality } from './swap-quality.js';

/** Pairs whose face photo's and template's expression vectors differ by more than this (L1) count. */
export const EXPRESSION_APART = 0.5;

export interface QualitySummary {
  pairs: number;
  /** Share of pairs whose swapped face faceres finds closer to the face photo than to the target's original. */
  likeness: number;
  meanToFace: number;
  meanToTarget: number;
  /** The same by the second judge (face-api's ResNet-34: distances, lower is nearer). */
  judgeLikeness: number;
  /** Share the second judge calls the same person as the face photo (distance < 0.6). */
  judgeSame: number;
  judgeMeanToFace: number;
  judgeMeanToTarget: number;
  /** Swapped faces the judge's own detector did not find (judged on our box). */
  judgeMissed: number;
  /** Pairs whose expressions differ (L1 > 0.5), and the share of them whose result is nearer the template's. */
  expressionPairs: number;
  expressionKept: number;
  /** The four figures above from the judge's steadied readings (`PairQuality.steady`), when taken. */
  steady?: Pick<QualitySummary, 'judgeLikeness' | 'judgeSame' | 'expressionPairs' | 'expressionKept'>;
  /** Pairs into a grayscale or sepia template, and the largest chroma excess among them. */
  monochromePairs: number;
  monochromeChromaMax: number;
  /** The largest excess of the 95th percentile of chroma among them (pink eyes or lips). */
  monochromeChromaP95Max: number;
  /** Shares of pairs whose pasted face's light is within 3 L* of the template's and contrast within 0.85–1.15. */
  lightWithin: number;
  contrastWithin: number;
  lightMeanAbs: number;
  /** Mean and p95 ΔE between the result's two eyes beyond the face photo's own. */
  eyeMismatchMean: number;
  eyeMismatchP95: number;
  seamMean: number;
  seamP95: number;
  seamMax: number;
  changedOutside: number;
  minCentreChange: number;
}

const mean = (list: number[]) => list.reduce((sum, v) => sum + v, 0) / Math.max(1, list.length);
const share = (pairs: PairQuality[], test: (pair: PairQuality) => boolean) =>
  pairs.filter(test).length / Math.max(1, pairs.length);
const p95 = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length * 0.95)] ?? 0;

export function summarise(pairs: PairQuality[]): QualitySummary {
  const seams = pairs.map((p) => p.seam).sort((a, b) => a - b);
  const expressive = pairs.filter((p) => p.expressionApart > EXPRESSION_APART);
  const steadied = pairs.flatMap((p) => (p.steady ? [p.steady] : []));
  const steadyExpressive = steadied.filter((p) => p.expressionApart > EXPRESSION_APART);
  const monochrome = pairs.filter((p) => p.colour.monochrome);
  const eyes = pairs.map((p) => p.colour.eyeMismatch);
  return {
    pairs: pairs.length,
    likeness: share(pairs, (p) => p.toFace > p.toTarget),
    meanToFace: mean(pairs.map((p) => p.toFace)),
    meanToTarget: mean(pairs.map((p) => p.toTarget)),
    judgeLikeness: share(pairs, (p) => p.judgeToFace < p.judgeToTarget),
    judgeSame: share(pairs, (p) => p.judgeToFace < SAME_PERSON_DISTANCE),
    judgeMeanToFace: mean(pairs.map((p) => p.judgeToFace)),
    judgeMeanToTarget: mean(pairs.map((p) => p.judgeToTarget)),
    judgeMissed: pairs.filter((p) => !p.judgeDetected).length,
    expressionPairs: expressive.length,
    expressionKept: share(expressive, (p) => p.expressionToTemplate < p.expressionToFace),
    steady:
      steadied.length === pairs.length && pairs.length > 0
        ? {
            judgeLikeness: steadied.filter((p) => p.judgeToFace < p.judgeToTarget).length / steadied.length,
            judgeSame: steadied.filter((p) => p.judgeToFace < SAME_PERSON_DISTANCE).length / steadied.length,
            expressionPairs: steadyExpressive.length,
            expressionKept:
              steadyExpressive.filter((p) => p.expressionToTemplate < p.expressionToFace).length /
              Math.max(1, steadyExpressive.length),
          }
        : undefined,
    monochromePairs: monochrome.length,
    monochromeChromaMax: Math.max(0, ...monochrome.map((p) => p.colour.chromaExcess)),
    monochromeChromaP95Max: Math.max(0, ...monochrome.map((p) => p.colour.chromaP95Excess)),
    lightWithin: share(pairs, (p) => Math.abs(p.colour.lightStep) <= 3),
    contrastWithin: share(pairs, (p) => p.colour.contrastRatio >= 0.85 && p.colour.contrastRatio <= 1.15),
    lightMeanAbs: mean(pairs.map((p) => Math.abs(p.colour.lightStep))),
    eyeMismatchMean: mean(eyes),
    eyeMismatchP95: p95(eyes),
    seamMean: mean(seams),
    seamP95: seams[Math.floor(seams.length * 0.95)] ?? 0,
    seamMax: seams.at(-1) ?? 0,
    changedOutside: pairs.filter((p) => p.changedOutside > 0).length,
    minCentreChange: Math.min(...pairs.map((p) => p.centreChange)),
  };
}

export function describe(title: string, summary: QualitySummary): string {
  const f = (value: number, digits = 2) => value.toFixed(digits);
  const pc = (value: number) => `${f(100 * value, 1)}%`;
  return [
    `${title}: ${summary.pairs} pairs`,
    `  identity, faceres: ${pc(summary.likeness)} closer to the face photo (mean similarity ` +
      `${f(summary.meanToFace, 3)} to it, ${f(summary.meanToTarget, 3)} to the target)`,
    `  identity, face-api ResNet-34: ${pc(summary.judgeLikeness)} closer to the face photo, ` +
      `${pc(summary.judgeSame)} the same person (distance < 0.6; mean ${f(summary.judgeMeanToFace, 3)} to it, ` +
      `${f(summary.judgeMeanToTarget, 3)} to the target; ${summary.judgeMissed} not found by its detector)`,
    `  expression (face-api): kept in ${pc(summary.expressionKept)} of ${summary.expressionPairs} pairs whose ` +
      `expressions differ`,
    ...(summary.steady
      ? [
          `  steadied face-api (mean of ${STEADY_SHIFTS.length * 2} views): identity ${pc(summary.steady.judgeLikeness)} closer, ` +
            `${pc(summary.steady.judgeSame)} the same person; expression kept in ${pc(summary.steady.expressionKept)} of ` +
            `${summary.steady.expressionPairs}`,
        ]
      : []),
    `  colour: ${summary.monochromePairs} pairs into grayscale/sepia, chroma excess max ` +
      `${f(summary.monochromeChromaMax, 1)} (p95 of chroma ${f(summary.monochromeChromaP95Max, 1)}); light within 3 L* ${pc(summary.lightWithin)} (mean |ΔL*| ` +
      `${f(summary.lightMeanAbs, 1)}), contrast within 0.85–1.15 ${pc(summary.contrastWithin)}; eye mismatch ` +
      `mean ${f(summary.eyeMismatchMean, 1)}, p95 ${f(summary.eyeMismatchP95, 1)} ΔE`,
    `  seam step mean ${f(summary.seamMean)}, p95 ${f(summary.seamP95)}, max ${f(summary.seamMax)} levels; ` +
      `${summary.changedOutside} pairs changed outside the mask; centre change min ${f(summary.minCentreChange, 1)}`,
  ].join('\n');
}
