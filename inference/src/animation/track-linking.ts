import { descriptorSimilarity } from '../descriptor/face-descriptor.js';
import type { Box } from '../types.js';

/**
 * Linking a clip's track fragments into one track per person. The tracker follows a face from frame to
 * frame and revives it near where it was lost within a couple of seconds; a face hidden longer (two faces
 * crossing, one behind the other) or one whose follower briefly latched onto the other face came back as a
 * new track (the crossing clip at 720 px gave 4 tracks for 2 faces). Here fragments that never share a
 * frame are joined when they look like the same person (faceres descriptors, Human's similarity) and are
 * of about the same size; what is left shorter than a minimum length is a spurious detection.
 */

/** faceres similarity (0–1) from which two fragments are the same person (different people: below 0.5). */
export const SAME_PERSON_SIMILARITY = 0.55;
/** Joined fragments' face widths (median) differ by this factor at most. */
const MAX_SIZE_RATIO = 1.6;
/** A track shorter than this (seconds, and at least 3 frames) after linking is dropped as spurious. */
export const MIN_TRACK_SECONDS = 0.3;

export interface TrackFragment {
  /** The frames the fragment is seen on, ascending. */
  frames: number[];
  /** faceres descriptors of the face taken along the fragment (at least one). */
  descriptors: Float32Array[];
  /** The median width of its mesh boxes, in pixels. */
  width: number;
}

/** Intersection over union of two boxes. */
export function boxIou(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/** The best similarity between any descriptor of one group and any of the other. */
function groupSimilarity(a: Float32Array[], b: Float32Array[]): number {
  let best = 0;
  for (const x of a) for (const y of b) best = Math.max(best, descriptorSimilarity(x, y));
  return best;
}

function shareFrames(a: Set<number>, b: number[]): boolean {
  return b.some((frame) => a.has(frame));
}

/**
 * Groups fragments (indices into `fragments`) so that each group is one person: greedily, the most
 * similar pair of groups that share no frame, are of about the same size and pass SAME_PERSON_SIMILARITY
 * is joined first; then groups seen on fewer than the minimum length are dropped. Groups keep the order
 * of their first fragment.
 */
export function linkFragments(fragments: TrackFragment[], fps: number): number[][] {
  const groups = fragments.map((fragment, i) => ({
    members: [i],
    frames: new Set(fragment.frames),
    descriptors: [...fragment.descriptors],
    widths: [fragment.width],
  }));
  for (;;) {
    let best: { a: number; b: number; similarity: number } | null = null;
    for (let a = 0; a < groups.length; a++)
      for (let b = a + 1; b < groups.length; b++) {
        const [ga, gb] = [groups[a]!, groups[b]!];
        const wa = Math.max(...ga.widths);
        const wb = Math.max(...gb.widths);
        if (Math.max(wa, wb) > MAX_SIZE_RATIO * Math.min(wa, wb)) continue;
        if (shareFrames(ga.frames, [...gb.frames])) continue;
        const similarity = groupSimilarity(ga.descriptors, gb.descriptors);
        if (similarity >= SAME_PERSON_SIMILARITY && (!best || similarity > best.similarity))
          best = { a, b, similarity };
      }
    if (!best) break;
    const [into, from] = [groups[best.a]!, groups[best.b]!];
    into.members.push(...from.members);
    for (const frame of from.frames) into.frames.add(frame);
    into.descriptors.push(...from.descriptors);
    into.widths.push(...from.widths);
    groups.splice(best.b, 1);
  }
  const minFrames = Math.max(3, Math.round(MIN_TRACK_SECONDS * fps));
  return groups
    .filter((group) => group.frames.size >= minFrames)
    .map((group) => group.members.sort((x, y) => x - y));
}
