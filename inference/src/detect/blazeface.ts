import type { Box, DetectedFace, Point } from '../types.js';

/** BlazeFace's anchor grid: 16×16 cells × 2 anchors, then 8×8 cells × 6 anchors, rows first. */
const GRIDS = [
  { cells: 16, anchors: 2 },
  { cells: 8, anchors: 6 },
] as const;

/** Anchor centres in [0, 1] input coordinates, for the 512 anchors then the 384 anchors. */
const ANCHORS: Float32Array = (() => {
  const centres = new Float32Array((512 + 384) * 2);
  let i = 0;
  for (const { cells, anchors } of GRIDS) {
    for (let y = 0; y < cells; y++) {
      for (let x = 0; x < cells; x++) {
        for (let a = 0; a < anchors; a++) {
          centres[i++] = (x + 0.5) / cells;
          centres[i++] = (y + 0.5) / cells;
        }
      }
    }
  }
  return centres;
})();

/** Raw model outputs for one input: scores (512 + 384) and regressors (16 per anchor). */
export interface BlazeFaceOutputs {
  scores16: Float32Array;
  scores8: Float32Array;
  boxes16: Float32Array;
  boxes8: Float32Array;
}

/** Maps [0, 1] input coordinates back to image pixels. */
export interface InputFrame {
  x: number;
  y: number;
  side: number;
}

function sigmoid(raw: number): number {
  return 1 / (1 + Math.exp(-Math.max(-100, Math.min(100, raw))));
}

/**
 * Every anchor whose score passes `threshold`, decoded to image pixels. `keep` may reject a candidate by its
 * centre (tiles keep only faces centred in their own core).
 */
export function decodeBlazeFace(
  outputs: BlazeFaceOutputs,
  inputSize: number,
  frame: InputFrame,
  threshold: number,
  keep: (cx: number, cy: number) => boolean = () => true,
): DetectedFace[] {
  const faces: DetectedFace[] = [];
  const scale = frame.side;
  const parts = [
    { scores: outputs.scores16, boxes: outputs.boxes16, offset: 0 },
    { scores: outputs.scores8, boxes: outputs.boxes8, offset: 512 },
  ];
  for (const { scores, boxes, offset } of parts) {
    for (let i = 0; i < scores.length; i++) {
      const score = sigmoid(scores[i]);
      if (score < threshold) continue;
      const ax = ANCHORS[(offset + i) * 2];
      const ay = ANCHORS[(offset + i) * 2 + 1];
      const r = i * 16;
      const cx = frame.x + (ax + boxes[r] / inputSize) * scale;
      const cy = frame.y + (ay + boxes[r + 1] / inputSize) * scale;
      if (!keep(cx, cy)) continue;
      const w = (boxes[r + 2] / inputSize) * scale;
      const h = (boxes[r + 3] / inputSize) * scale;
      const keypoints: Point[] = [];
      for (let k = 0; k < 6; k++) {
        keypoints.push({
          x: frame.x + (ax + boxes[r + 4 + 2 * k] / inputSize) * scale,
          y: frame.y + (ay + boxes[r + 5 + 2 * k] / inputSize) * scale,
        });
      }
      faces.push({ box: { x: cx - w / 2, y: cy - h / 2, width: w, height: h }, score, keypoints });
    }
  }
  return faces;
}

export function iou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = ix * iy;
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/**
 * MediaPipe's weighted non-maximum suppression: the best remaining candidate absorbs every candidate that
 * overlaps it by IoU ≥ `minIou`; box and keypoints become the score-weighted mean of the group, the score
 * stays the best one's.
 */
export function weightedNms(candidates: DetectedFace[], minIou = 0.3): DetectedFace[] {
  const remaining = [...candidates].sort((a, b) => b.score - a.score);
  const merged: DetectedFace[] = [];
  while (remaining.length > 0) {
    const best = remaining[0];
    const group: DetectedFace[] = [];
    for (let i = remaining.length - 1; i >= 0; i--) {
      if (iou(best.box, remaining[i].box) >= minIou) group.push(...remaining.splice(i, 1));
    }
    let total = 0;
    const box = { x: 0, y: 0, width: 0, height: 0 };
    const keypoints = best.keypoints.map(() => ({ x: 0, y: 0 }));
    for (const face of group) {
      total += face.score;
      box.x += face.box.x * face.score;
      box.y += face.box.y * face.score;
      box.width += face.box.width * face.score;
      box.height += face.box.height * face.score;
      face.keypoints.forEach((point, k) => {
        keypoints[k].x += point.x * face.score;
        keypoints[k].y += point.y * face.score;
      });
    }
    merged.push({
      box: { x: box.x / total, y: box.y / total, width: box.width / total, height: box.height / total },
      score: best.score,
      keypoints: keypoints.map((point) => ({ x: point.x / total, y: point.y / total })),
    });
  }
  return merged;
}
