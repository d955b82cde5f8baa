import type { AnimationTrackRecord, FaceBox } from '@mememint/contracts';

import { decodeFloats, detectImageFaces, encodeFloats } from '../analysis/face-analysis.js';
import type { PipelineConfig } from '../config.js';
import { faceDescriptors } from '../descriptor/face-descriptor.js';
import { detectMeshes, followMeshes } from '../landmarks/face-mesh.js';
import { MESH_POINT_COUNT } from '../landmarks/mesh-indices.js';
import type { Box, FaceMesh, RgbImage } from '../types.js';
import { boxIou as iou, linkFragments } from './track-linking.js';

/** Detection runs on every KEY_INTERVAL-th frame (and whenever a followed face is lost). */
export const KEY_INTERVAL = 10;
/** While a track is lost (and may come back), detection runs on every MISSING_INTERVAL-th frame. */
const MISSING_INTERVAL = 3;
/** A followed mesh whose own face score falls below this is lost (stricter than a still's 0.2). */
const FOLLOW_MIN_SCORE = 0.5;
/** A new detection's mesh must reach this to start or revive a track. */
const START_MIN_SCORE = 0.5;
/** A detection overlapping a followed face this much is that face. */
const SAME_FACE_IOU = 0.3;
/** A lost track is revived by a face near where it was, this many seconds later at most. */
const REVIVE_SECONDS = 2;
/** Two faces on one frame whose mesh boxes overlap this much are one face seen twice. */
const DUPLICATE_IOU = 0.45;
/** A followed track's look (faceres descriptor) is taken again every this many frames, this many at most. */
const DESCRIPTOR_INTERVAL = 3 * KEY_INTERVAL;
const MAX_DESCRIPTORS = 6;

/** Counts of the model runs an analysis made (for the bench and the job's timings). */
export interface TrackingCounts {
  detections: number;
  meshRuns: number;
  /** faceres runs (a track's look, to join fragments of one person). */
  descriptorRuns: number;
}

interface Track {
  meshes: (FaceMesh | null)[];
  /** The last frame it was seen on, and its mesh there. */
  lastFrame: number;
  last: FaceMesh;
  /** Its mesh on the frame before `lastFrame`, when it was seen there. */
  before: FaceMesh | null;
  /** How the face looks (faceres descriptors at its start and now and then along it). */
  descriptors: Float32Array[];
  lastDescribed: number;
}

/** A mesh's bounding box in image pixels (x and y of its 468 points). */
export function meshBox(mesh: FaceMesh): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < MESH_POINT_COUNT; i++) {
    const x = mesh.points[i * 3]!;
    const y = mesh.points[i * 3 + 1]!;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/**
 * The most a followed face's motion may change from one frame to the next (its box's centre), as a share of
 * its width: a follower dragged by a face passing in front of its own (the crossing clip: 3–13 px a frame
 * off the face's true motion, on a face 100 px wide) or slipping off a face leaving the frame jerks.
 */
const MAX_JERK = 0.04;

/** The followed mesh moves on as the face was moving (else the face is lost there, and detection looks). */
function steady(track: Track, mesh: FaceMesh): boolean {
  if (!track.before) return true;
  const [a, b, c] = [meshBox(track.before), meshBox(track.last), meshBox(mesh)];
  const centre = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
  const [p, q, r] = [centre(a), centre(b), centre(c)];
  return Math.hypot(r.x - 2 * q.x + p.x, r.y - 2 * q.y + p.y) <= MAX_JERK * b.width;
}

function centreDistance(a: Box, b: Box): number {
  return Math.hypot(a.x + a.width / 2 - (b.x + b.width / 2), a.y + a.height / 2 - (b.y + b.height / 2));
}

/**
 * Follows every face of a clip frame by frame: a face's mesh on one frame gives the crop its mesh is
 * found in on the next (one mesh run per face per frame, no detection); detection runs on key frames
 * and on any frame where a followed face was lost (then every few frames while it is missing), and its new
 * faces start tracks, or revive a track
 * lost nearby within REVIVE_SECONDS (a turn, a short occlusion, a face leaving and coming back).
 */
export class FaceTracker {
  readonly counts: TrackingCounts = { detections: 0, meshRuns: 0, descriptorRuns: 0 };
  private readonly tracks: Track[] = [];
  private frames = 0;

  constructor(
    private readonly config: PipelineConfig,
    private readonly fps: number,
  ) {}

  async add(frame: RgbImage, index: number): Promise<void> {
    this.frames = index + 1;
    const followed = this.tracks.filter((track) => track.lastFrame === index - 1);
    let lost = false;
    if (followed.length > 0) {
      this.counts.meshRuns++;
      const meshes = await followMeshes(
        frame,
        followed.map((track) => track.last),
        this.config,
      );
      const kept = this.withoutDuplicates(followed, meshes);
      followed.forEach((track, i) => {
        const mesh = meshes[i]!;
        if (mesh.faceScore >= FOLLOW_MIN_SCORE && kept[i] && steady(track, mesh))
          this.see(track, mesh, index);
        else lost = true;
      });
      await this.describe(
        frame,
        followed.filter(
          (track) => track.lastFrame === index && index - track.lastDescribed >= DESCRIPTOR_INTERVAL,
        ),
        index,
      );
    }
    // While a face is missing, detection looks for it more often (it may come back any frame).
    const missing = this.tracks.some((track) => track.lastFrame < index - 1 && this.revivable(track, index));
    if (index % KEY_INTERVAL === 0 || lost || (missing && index % MISSING_INTERVAL === 0))
      await this.detect(frame, index);
  }

  /**
   * Where two followed faces' new meshes overlap (one face passing in front of the other, its follower
   * latching onto the face in front), only the track that moved least from where it was keeps the face;
   * the other is lost there (and is revived, or joined by its look, when its face shows again).
   */
  private withoutDuplicates(followed: Track[], meshes: FaceMesh[]): boolean[] {
    const boxes = meshes.map(meshBox);
    const kept = meshes.map(() => true);
    const moved = followed.map((track, i) => {
      const before = meshBox(track.last);
      return centreDistance(before, boxes[i]!) / Math.max(1, before.width);
    });
    for (let a = 0; a < boxes.length; a++)
      for (let b = a + 1; b < boxes.length; b++) {
        if (!kept[a] || !kept[b] || iou(boxes[a]!, boxes[b]!) < DUPLICATE_IOU) continue;
        kept[moved[a]! <= moved[b]! ? b : a] = false;
      }
    return kept;
  }

  /** Takes the tracks' look on this frame (one faceres run for all of them). */
  private async describe(frame: RgbImage, tracks: Track[], index: number): Promise<void> {
    const due = tracks.filter((track) => track.descriptors.length < MAX_DESCRIPTORS);
    if (due.length === 0) return;
    this.counts.descriptorRuns++;
    const descriptors = await faceDescriptors(
      frame,
      due.map((track) => track.last),
      this.config,
    );
    due.forEach((track, i) => {
      track.descriptors.push(descriptors[i]!);
      track.lastDescribed = index;
    });
  }

  private revivable(track: Track, index: number): boolean {
    return track.lastFrame < index && index - track.lastFrame <= REVIVE_SECONDS * this.fps;
  }

  private see(track: Track, mesh: FaceMesh, index: number): void {
    track.before = track.lastFrame === index - 1 ? track.last : null;
    track.meshes[index] = mesh;
    track.lastFrame = index;
    track.last = mesh;
  }

  private async detect(frame: RgbImage, index: number): Promise<void> {
    this.counts.detections++;
    const current = this.tracks
      .filter((track) => track.lastFrame === index)
      .map((track) => meshBox(track.last));
    const fresh = (await detectImageFaces(frame, this.config, false)).filter((face) =>
      current.every((box) => iou(box, face.box) < SAME_FACE_IOU),
    );
    if (fresh.length === 0) return;
    this.counts.meshRuns++;
    const meshes = await detectMeshes(frame, fresh, this.config);
    const started: Track[] = [];
    for (const mesh of meshes) {
      if (mesh.faceScore < START_MIN_SCORE) continue;
      const box = meshBox(mesh);
      // A face already followed here (its detection box was unlike its mesh box) is not a new one.
      const seenHere = this.tracks
        .filter((track) => track.lastFrame === index)
        .map((track) => meshBox(track.last));
      if (seenHere.some((other) => iou(other, box) >= DUPLICATE_IOU)) continue;
      const revived = this.tracks
        .filter((track) => this.revivable(track, index))
        .map((track) => ({ track, distance: centreDistance(meshBox(track.last), box) }))
        .filter(({ distance }) => distance < 1.5 * Math.max(box.width, box.height))
        .sort((a, b) => a.distance - b.distance)[0];
      if (revived) this.see(revived.track, mesh, index);
      else {
        const track: Track = {
          meshes: Object.assign([], { [index]: mesh }),
          lastFrame: index,
          last: mesh,
          before: null,
          descriptors: [],
          lastDescribed: index,
        };
        this.tracks.push(track);
        started.push(track);
      }
    }
    await this.describe(frame, started, index);
  }

  /**
   * The tracks, largest first, each with a mesh (or null) for every frame and its box on the poster
   * frame (0) when it is there, else on the frame where it is largest.
   */
  result(): AnimationTrackRecord[] {
    const fragments = this.tracks.map((track) => {
      const frames: number[] = [];
      const widths: number[] = [];
      for (let i = 0; i < this.frames; i++) {
        const mesh = track.meshes[i];
        if (!mesh) continue;
        frames.push(i);
        widths.push(meshBox(mesh).width);
      }
      widths.sort((a, b) => a - b);
      return { frames, descriptors: track.descriptors, width: widths[widths.length >> 1] ?? 0 };
    });
    return linkFragments(fragments, this.fps)
      .map((members) => {
        const meshes = Array.from(
          { length: this.frames },
          (_, i) => members.map((m) => this.tracks[m]!.meshes[i]).find(Boolean) ?? null,
        );
        let frameIndex = 0;
        if (!meshes[0]) {
          let largest = -1;
          meshes.forEach((mesh, i) => {
            const area = mesh ? meshBox(mesh).width * meshBox(mesh).height : -1;
            if (area > largest) [largest, frameIndex] = [area, i];
          });
        }
        const box = meshBox(meshes[frameIndex]!);
        return {
          track: { box: roundBox(box), frameIndex, meshes: meshes.map(encodeMesh) },
          area: box.width * box.height,
        };
      })
      .sort((a, b) => b.area - a.area)
      .map(({ track }) => track);
  }
}

function roundBox(box: Box): FaceBox {
  const round = (value: number) => Math.round(value * 10) / 10;
  return { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height), score: 1 };
}

function encodeMesh(mesh: FaceMesh | null): string | null {
  return mesh ? encodeFloats(mesh.points) : null;
}

/** A stored track's mesh on one frame, or null where the face is not seen (or the record is damaged). */
export function decodeTrackMesh(text: string | null | undefined): FaceMesh | null {
  const points = text ? decodeFloats(text, MESH_POINT_COUNT * 3) : null;
  return points ? { points, faceScore: 1 } : null;
}
