import {
  LEFT_BROW_OUTLINE,
  LEFT_EYE,
  LIPS_INNER,
  LIPS_OUTER,
  RIGHT_BROW_OUTLINE,
  RIGHT_EYE,
} from '../landmarks/mesh-indices.js';
import { skinStats, SKIN_RATIO_LIMITS, toneMap, type ChannelStats, type ToneMap } from './color-transfer.js';
import { boxAround, centroid, point, scaledOutline } from './geometry.js';
import { feather, fillPolygon } from './mask.js';
import type { Region } from './region.js';

/**
 * Around each eye (lids, the hollow under it, the brow's underside) the skin is often of another tone than
 * the cheeks: darker on many dark-skinned faces, made up, or painted. An ellipse about the eye, these
 * multiples of the eye's width across and high, is matched region to region; it fades out outside `CORE` of
 * its radius.
 */
const EYE_AREA = [1.55, 1.15] as const;
const EYE_AREA_CORE = 0.65;
/** Lashes and liner: the eye's outline scaled by this about its centre; the brow's by `BROW_SCALE`. */
const LASH_SCALE = 1.35;
const BROW_SCALE = 1.25;
/** Lips fade out just outside their outline (scaled by this about its centre). */
const LIPS_SCALE = 1.12;
/** Short fades for the eye openings, the lips and the mouth's opening (fraction of the face width). */
const FEATURE_FEATHER = 0.006;
/** A region with fewer pixels than this (on either face) keeps the skin's map. */
const MIN_PIXELS = 24;

/** Lips keep this much of their colour against the skin at least (else they go grey on a paler target). */
const LIP_COLOUR_KEPT = 0.8;

/** 0–1 per region pixel, non-zero only inside `box` (image coordinates). */
interface Weight {
  values: Float32Array;
  box: Region;
}

interface Feature {
  /** 0–1 per region pixel: how much this feature's map applies. */
  weight: Weight;
  map: ToneMap;
  /**
   * The feature's own colours: the map applies fully to pixels like them and fades for others (the skin in
   * the fade round the lips, lashes and brows round the eyes), so a moved mean leaves no ring.
   */
  like?: ChannelStats;
}

/** How unlike (in standard deviations, floored per channel) a pixel may be before a feature's map fades. */
const LIKE_SIGMAS = 2;
const LIKE_FLOOR = [6, 4, 4];

/** 0–1 weight of an ellipse about `centre` (semi-axes rx, ry along the eye line's angle), 1 inside `core`. */
function ellipseWeight(
  region: Region,
  centre: { x: number; y: number },
  rx: number,
  ry: number,
  angle: number,
): Weight {
  const weight = new Float32Array(region.width * region.height);
  const reach = Math.max(rx, ry);
  const box = boxAround(
    [
      { x: centre.x - reach, y: centre.y - reach },
      { x: centre.x + reach, y: centre.y + reach },
    ],
    1,
    region,
  );
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const dx = x + 0.5 - centre.x;
      const dy = y + 0.5 - centre.y;
      const u = (dx * cos + dy * sin) / rx;
      const v = (-dx * sin + dy * cos) / ry;
      const r = Math.hypot(u, v);
      if (r >= 1) continue;
      const t = Math.min(1, (1 - r) / (1 - EYE_AREA_CORE));
      weight[(y - region.y) * region.width + (x - region.x)] = t * t * (3 - 2 * t);
    }
  }
  return { values: weight, box };
}

/** A feathered polygon's 0–1 weight over the region. */
function polygonWeight(
  points: Float32Array,
  outline: readonly number[],
  scale: number,
  region: Region,
  r: number,
): Weight {
  const polygon = scaledOutline(points, outline, scale);
  const weight = new Float32Array(region.width * region.height);
  const box = boxAround(polygon, 2 * r + 1, region);
  if (box.width === 0 || box.height === 0) return { values: weight, box };
  const soft = feather(fillPolygon(polygon, box), box.width, box.height, r);
  for (let row = 0, k = 0; row < box.height; row++) {
    weight.set(soft.subarray(k, k + box.width), (box.y - region.y + row) * region.width + (box.x - region.x));
    k += box.width;
  }
  return { values: weight, box };
}

/** The eye area's ellipse for one eye of a mesh (centre, semi-axes, angle). */
function eyeArea(points: Float32Array, outline: readonly number[]) {
  const corners = [point(points, outline[0]), point(points, outline[8])];
  const width = Math.hypot(corners[1].x - corners[0].x, corners[1].y - corners[0].y) || 1;
  return {
    centre: centroid(outline.map((i) => point(points, i))),
    rx: (width * EYE_AREA[0]) / 2,
    ry: (width * EYE_AREA[1]) / 2,
    angle: Math.atan2(corners[1].y - corners[0].y, corners[1].x - corners[0].x),
  };
}

/**
 * The map of a feature area (round an eye, the lips): `scale` (about the skin's), and its mean placed so that
 * its difference from the skin is the milder, per channel, of the face's (as carried by `scale`) and the
 * target's. A dark or painted ring round the face's eyes, or blue lips, take the target's milder ones; the
 * target's eye shadow or lipstick is not carried over.
 */
function featureMap(
  skin: ToneMap,
  faceSkin: ChannelStats,
  targetSkin: ChannelStats,
  faceArea: ChannelStats,
  targetArea: ChannelStats,
  scale: readonly number[],
): ToneMap {
  const map: ToneMap = { scale: [scale[0], scale[1], scale[2]], offset: [0, 0, 0] };
  for (let c = 0; c < 3; c++) {
    const skinMean = skin.scale[c] * faceSkin.mean[c] + skin.offset[c];
    const ours = scale[c] * (faceArea.mean[c] - faceSkin.mean[c]);
    const theirs = targetArea.mean[c] - targetSkin.mean[c];
    const difference = Math.abs(ours) <= Math.abs(theirs) ? ours : theirs;
    map.offset[c] = skinMean + difference - scale[c] * faceArea.mean[c];
  }
  return map;
}

/** Pixels (of the region) selected where `weight` ≥ `from` and `allowed` is set. */
function selectWhere(
  weight: Float32Array,
  from: number,
  allowed: Uint8Array,
  minus?: Float32Array,
): Uint8Array {
  const select = new Uint8Array(weight.length);
  for (let m = 0; m < weight.length; m++)
    if (weight[m] >= from && allowed[m] && !(minus && minus[m] > 0.5)) select[m] = 1;
  return select;
}

function count(select: Uint8Array): number {
  let n = 0;
  for (let m = 0; m < select.length; m++) n += select[m];
  return n;
}

/** The eye areas and lips of a mesh as weights over the region, and the pixels to measure them on. */
function featureAreas(points: Float32Array, region: Region, faceWidth: number) {
  const r = Math.max(1, Math.round(faceWidth * FEATURE_FEATHER));
  const eyes = [
    [RIGHT_EYE, RIGHT_BROW_OUTLINE],
    [LEFT_EYE, LEFT_BROW_OUTLINE],
  ].map(([outline, brow]) => {
    const { centre, rx, ry, angle } = eyeArea(points, outline);
    const opening = polygonWeight(points, outline, 1, region, r);
    // Measured on the skin only: not the lashes and liner round the opening, not the brow.
    const notSkin = polygonWeight(points, outline, LASH_SCALE, region, r).values;
    const browWeight = polygonWeight(points, brow, BROW_SCALE, region, r).values;
    for (let m = 0; m < notSkin.length; m++) notSkin[m] = Math.max(notSkin[m], browWeight[m]);
    return { area: ellipseWeight(region, centre, rx, ry, angle), opening, notSkin };
  });
  const mouth = polygonWeight(points, LIPS_INNER, 1, region, r);
  const lips = polygonWeight(points, LIPS_OUTER, LIPS_SCALE, region, r);
  return { eyes, lips, mouth };
}

/** A mesh's eye areas, eye openings, lips and mouth over the region (`featureAreas`). */
export type FeatureAreas = ReturnType<typeof featureAreas>;

/**
 * The target's feature areas (drawn once: the pixels to measure and the colour transfer share them), and the
 * region pixels the target must be measured on (in L*a*b*): its eye areas and lips.
 */
export function targetFeaturePixels(
  targetPoints: Float32Array,
  region: Region,
  faceWidth: number,
): { areas: FeatureAreas; select: Uint8Array } {
  const areas = featureAreas(targetPoints, region, faceWidth);
  const [right, left] = areas.eyes.map((eye) => eye.area.values);
  const lips = areas.lips.values;
  const select = new Uint8Array(region.width * region.height);
  for (let m = 0; m < select.length; m++) {
    if (lips[m] > 0.5 || right[m] >= 0.5 || left[m] >= 0.5) select[m] = 1;
  }
  return { areas, select };
}

/**
 * The colour transfer of everything pasted: the skin's Reinhard map everywhere; the area round each eye
 * (lids and the skin under them: a dark or painted ring would otherwise stay as a patch) matched to the
 * target's, its lightness contrast nearly kept; the lips at the target's lips' light, keeping most of their
 * colour against the skin (the skin's map alone turned them grey). Eye openings keep their colour and
 * contrast and take the light change of their eye area; the mouth's opening (teeth) takes the skin's light
 * change only. In place on `face` (L*a*b*, the written pixels); `target` holds the target's L*a*b* on the pixels
 * `targetFeaturePixels` selected and on its skin; `theirs` are the target's areas it drew.
 */
export function transferTones(
  face: Float32Array,
  target: Float32Array,
  written: Uint8Array,
  faceSkin: ChannelStats,
  targetSkin: ChannelStats,
  dest: Float32Array,
  theirs: FeatureAreas,
  region: Region,
  faceWidth: number,
): void {
  const skin = toneMap(faceSkin, targetSkin, SKIN_RATIO_LIMITS);
  const ours = featureAreas(dest, region, faceWidth);
  const everywhere = new Uint8Array(written.length).fill(1);
  const features: Feature[] = [];
  // Eye areas: skin round the eye, not the opening, lashes or brow.
  for (let e = 0; e < 2; e++) {
    const faceSelect = selectWhere(ours.eyes[e].area.values, 0.5, written, ours.eyes[e].notSkin);
    const targetSelect = selectWhere(theirs.eyes[e].area.values, 0.5, everywhere, theirs.eyes[e].notSkin);
    if (count(faceSelect) < MIN_PIXELS || count(targetSelect) < MIN_PIXELS) continue;
    const faceArea = skinStats(face, faceSelect);
    const area = featureMap(
      skin,
      faceSkin,
      targetSkin,
      faceArea,
      skinStats(target, targetSelect),
      skin.scale,
    );
    features.push({ weight: ours.eyes[e].area, map: area, like: faceArea });
    // The opening: its own colour and contrast, the area's change of light at the area's mean.
    const lift = area.scale[0] * faceArea.mean[0] + area.offset[0] - faceArea.mean[0];
    features.push({ weight: ours.eyes[e].opening, map: { scale: [1, 1, 1], offset: [lift, 0, 0] } });
  }
  const faceLips = selectWhere(ours.lips.values, 0.5, written, ours.mouth.values);
  const targetLips = selectWhere(theirs.lips.values, 0.5, everywhere, theirs.mouth.values);
  if (count(faceLips) >= MIN_PIXELS && count(targetLips) >= MIN_PIXELS) {
    // The skin's map took most of the lips' colour on a paler target (grey lips): most of it is kept.
    const colour = [1, 2].map((c) => Math.min(1, Math.max(skin.scale[c], LIP_COLOUR_KEPT)));
    const scale: [number, number, number] = [skin.scale[0], colour[0], colour[1]];
    const faceLipStats = skinStats(face, faceLips);
    const lips = featureMap(skin, faceSkin, targetSkin, faceLipStats, skinStats(target, targetLips), scale);
    features.push({ weight: ours.lips, map: lips, like: faceLipStats });
  }
  const lift = skin.scale[0] * faceSkin.mean[0] + skin.offset[0] - faceSkin.mean[0];
  features.push({ weight: ours.mouth, map: { scale: [1, 1, 1], offset: [lift, 0, 0] } });

  applyFeatures(face, written, skin, features, region);
}

/**
 * The skin's map on every written pixel, then each feature's map blended in by its weight, in order (the
 * features are looked at only inside their boxes).
 */
function applyFeatures(
  face: Float32Array,
  written: Uint8Array,
  skin: ToneMap,
  features: Feature[],
  region: Region,
): void {
  const boxes = features.map(({ weight: { box } }) => ({
    x0: box.x - region.x,
    x1: box.x - region.x + box.width,
    y0: box.y - region.y,
    y1: box.y - region.y + box.height,
  }));
  const spreads = features.map(({ like }) =>
    like ? [0, 1, 2].map((c) => Math.max(like.std[c], LIKE_FLOOR[c])) : [],
  );
  const active: number[] = [];
  for (let row = 0, m = 0; row < region.height; row++) {
    active.length = 0;
    for (let f = 0; f < features.length; f++) if (row >= boxes[f].y0 && row < boxes[f].y1) active.push(f);
    for (let col = 0; col < region.width; col++, m++) {
      if (!written[m]) continue;
      const o = m * 3;
      const l = face[o];
      const a = face[o + 1];
      const b = face[o + 2];
      let l2 = skin.scale[0] * l + skin.offset[0];
      let a2 = skin.scale[1] * a + skin.offset[1];
      let b2 = skin.scale[2] * b + skin.offset[2];
      for (let i = 0; i < active.length; i++) {
        const f = active[i];
        if (col < boxes[f].x0 || col >= boxes[f].x1) continue;
        const { weight, map, like } = features[f];
        let w = weight.values[m];
        if (w === 0) continue;
        if (like) {
          let distance = 0;
          for (let c = 0; c < 3; c++) {
            const z = (face[o + c] - like.mean[c]) / spreads[f][c] / LIKE_SIGMAS;
            distance += z * z;
          }
          w *= Math.exp(-distance / 2);
        }
        l2 += (map.scale[0] * l + map.offset[0] - l2) * w;
        a2 += (map.scale[1] * a + map.offset[1] - a2) * w;
        b2 += (map.scale[2] * b + map.offset[2] - b2) * w;
      }
      face[o] = l2;
      face[o + 1] = a2;
      face[o + 2] = b2;
    }
  }
}
