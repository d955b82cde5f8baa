import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import {
  BadRequestException,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import type { Queue } from 'bull';
import {
  ANALYSE_ANIMATION_JOB,
  ANIMATION_MAX_SIDE,
  ANIMATION_QUEUE,
  ANIMATION_UPLOAD_MAX_SIDE,
  type AnalyseAnimationJobResult,
  ErrorCode,
  ErrorText,
  type NsfwThresholds,
  type QueueJob,
  type TemplateAnalysedEvent,
  type TemplateDto,
} from '@mememint/contracts';
import { MediaStore, probeVideo, type VideoProbe } from '@mememint/media';

import { AppConfig } from '../config/app.config.js';
import { TEMPLATE_ANALYSIS_JOB_ID_PREFIX } from '../generations/generation-queue.js';
import { MediaKeys } from '../media/media-keys.js';
import { type GlobalListener, onGlobal } from '../redis/bull-global-events.js';
import { PlayerSockets } from '../realtime/player-sockets.js';
import { TemplatesRepository } from './templates.repository.js';
import { type NewTemplate, newTemplateFields, templateFileKeys, toTemplateDto } from './template-fields.js';

type Container = 'gif' | 'mp4' | 'webm';

/** The video codecs each accepted container may carry. */
const CODECS: Record<Container, readonly string[]> = { gif: ['gif'], mp4: ['h264'], webm: ['vp8', 'vp9'] };

/** An upload's container by its first bytes; null for anything else (a JPEG, or not a clip). */
export function animationContainer(bytes: Buffer): Container | null {
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  if (bytes.length > 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  return null;
}

/** The size the worker will keep: the longest side at most ANIMATION_MAX_SIDE, even sides. */
function keptSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, ANIMATION_MAX_SIDE / Math.max(width, height));
  const even = (value: number) => Math.max(2, Math.floor((value * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

function refused(detail: string, code: string): BadRequestException {
  return new BadRequestException({ detail, code });
}

/**
 * Animated templates (issue 24): an admin's GIF, MP4 (H.264) or WEBM is probed here with ffprobe
 * (header and packets, no frame decoded) and refused beyond the limits; else it is stored disabled with
 * `analysis: "pending"` and the answer goes at once, while the worker transcodes it and tracks its
 * faces. When that ends the template is enabled (faces found) or keeps the reason, and the admin who
 * uploaded it hears `template:analysed`.
 */
@Injectable()
export class TemplateAnimationsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(TemplateAnimationsService.name);
  private readonly listeners: [string, GlobalListener][] = [];

  constructor(
    @InjectQueue(ANIMATION_QUEUE) private readonly queue: Queue<QueueJob<typeof ANIMATION_QUEUE>['data']>,
    private readonly templates: TemplatesRepository,
    private readonly storage: MediaStore,
    private readonly sockets: PlayerSockets,
    private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const templateOf = (jobId: string) =>
      String(jobId).startsWith(TEMPLATE_ANALYSIS_JOB_ID_PREFIX)
        ? String(jobId).slice(TEMPLATE_ANALYSIS_JOB_ID_PREFIX.length)
        : null;
    const on = (event: string, listener: GlobalListener) => {
      this.listeners.push([`global:${event}`, listener]);
      return onGlobal(this.queue, event, listener);
    };
    await Promise.all([
      on('completed', (jobId: string, result: string) => {
        const id = templateOf(jobId);
        if (id) void this.settle(id, () => this.finish(id, JSON.parse(result) as AnalyseAnimationJobResult));
      }),
      on('failed', (jobId: string, reason: string) => {
        const id = templateOf(jobId);
        if (id) void this.settle(id, () => this.fail(id, String(reason)));
      }),
    ]);
  }

  onModuleDestroy(): void {
    for (const [event, listener] of this.listeners.splice(0)) this.queue.off(event, listener);
  }

  async create(
    adminId: number,
    upload: Buffer,
    container: Container,
    fields: NewTemplate,
  ): Promise<TemplateDto> {
    const probe = await this.probe(upload);
    this.check(probe, container);
    if (this.queue.client.status !== 'ready')
      throw new ServiceUnavailableException(ErrorText.faceAnalysisUnavailable);
    const id = randomUUID();
    const keys = { ...MediaKeys.template(id), ...MediaKeys.animation(id) };
    await this.storage.write(keys.source, upload);
    const size = keptSize(probe.width, probe.height);
    const template = await this.templates.insert({
      id,
      ...newTemplateFields(fields),
      imageKey: keys.image,
      thumbnailKey: keys.thumbnail,
      ...size,
      faceCount: 0,
      faces: [],
      createdBy: adminId,
      enabled: false,
      videoKey: keys.video,
      durationMs: Math.round(this.seconds(probe) * 1000),
      frameCount: probe.frames,
      analysis: 'pending',
      analysisError: null,
    });
    await this.enqueue(id);
    return toTemplateDto(template);
  }

  private async enqueue(id: string): Promise<void> {
    const keys = { ...MediaKeys.template(id), ...MediaKeys.animation(id) };
    await this.queue.add(
      ANALYSE_ANIMATION_JOB,
      {
        sourceKey: keys.source,
        videoKey: keys.video,
        posterKey: keys.image,
        thumbnailKey: keys.thumbnail,
        analysisKey: keys.tracks,
        ...this.screening(),
      },
      { jobId: `${TEMPLATE_ANALYSIS_JOB_ID_PREFIX}${id}` },
    );
  }

  /**
   * A pending analysis that stopped moving: a report lost while no backend listened is taken from its
   * job; a job that is gone (removed, or Redis lost it) is queued again while the upload is kept, else
   * the analysis fails. A job still waiting or running is left to the worker.
   */
  async reconcile(id: string): Promise<void> {
    const job = await this.queue.getJob(`${TEMPLATE_ANALYSIS_JOB_ID_PREFIX}${id}`);
    if (!job) {
      if (await this.storage.stat(MediaKeys.animation(id).source)) await this.enqueue(id);
      else await this.fail(id, 'its upload is gone');
      return;
    }
    const state = await job.getState();
    if (state === 'completed') await this.finish(id, job.returnvalue as AnalyseAnimationJobResult);
    else if (state === 'failed') await this.fail(id, job.failedReason ?? 'failed');
  }

  /** The upload's frames are screened as a still upload is (unless NSFW_SCREEN_UPLOADS=0). */
  private screening(): { screen?: NsfwThresholds } {
    const { screenUploads, explicit, suggestive } = this.config.nsfw;
    return screenUploads ? { screen: { explicit, suggestive } } : {};
  }

  private seconds(probe: VideoProbe): number {
    return probe.duration > 0 ? probe.duration : probe.fps > 0 ? probe.frames / probe.fps : 0;
  }

  /** Probes the upload from a temporary file (an MP4's index may sit at its end). */
  private async probe(upload: Buffer): Promise<VideoProbe> {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'mememint-probe-'));
    try {
      const file = path.join(folder, 'upload');
      await writeFile(file, upload);
      return await probeVideo(file, 10_000);
    } catch {
      throw refused(ErrorText.animationUnreadable, ErrorCode.animationUnreadable);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  private check(probe: VideoProbe, container: Container): void {
    if (!CODECS[container].includes(probe.codec) || probe.frames < 2)
      throw refused(ErrorText.animationUnreadable, ErrorCode.animationUnreadable);
    const { animationMaxSeconds, animationMaxMegapixelFrames } = this.config.generation;
    if (this.seconds(probe) > animationMaxSeconds)
      throw refused(
        `${ErrorText.animationTooLong}: at most ${animationMaxSeconds} s`,
        ErrorCode.animationTooLong,
      );
    if (
      Math.max(probe.width, probe.height) > ANIMATION_UPLOAD_MAX_SIDE ||
      probe.frames * probe.width * probe.height > animationMaxMegapixelFrames * 1e6
    )
      throw refused(ErrorText.animationTooLarge, ErrorCode.animationTooLarge);
  }

  private async settle(id: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.logger.error({ err: error }, `Settling the analysis of template ${id} failed`);
    }
  }

  /** The worker's analysis ended: enabled with its tracks when it found faces, else kept disabled with why. */
  async finish(id: string, result: AnalyseAnimationJobResult): Promise<void> {
    const found = result.faces.length > 0;
    const template = await this.templates.finishAnalysis(id, {
      width: result.width,
      height: result.height,
      durationMs: result.durationMs,
      frameCount: result.frameCount,
      faces: result.faces,
      faceCount: result.faces.length,
      analysis: found ? 'ready' : 'failed',
      analysisError: found ? null : ErrorText.animationNoFace,
      enabled: found,
    });
    if (!template) {
      // Deleted while the worker ran: what the worker wrote belongs to nothing (a settled one keeps its files).
      if (!(await this.templates.findById(id))) await this.removeFiles(id);
      return;
    }
    await this.storage.remove(MediaKeys.animation(id).source);
    this.tell(template.createdBy, {
      templateId: id,
      analysis: found ? 'ready' : 'failed',
      enabled: found,
      faces: result.faces.length,
      ...(found ? {} : { detail: ErrorText.animationNoFace }),
    });
  }

  async fail(id: string, reason: string): Promise<void> {
    this.logger.warn(`The analysis of template ${id} failed: ${reason}`);
    const detail = reason.startsWith('NO_FACE')
      ? ErrorText.animationNoFace
      : reason.startsWith('NSFW_IMAGE')
        ? ErrorText.nsfwImage
        : ErrorText.animationAnalysisFailed;
    const template = await this.templates.finishAnalysis(id, {
      analysis: 'failed',
      analysisError: detail,
      enabled: false,
    });
    if (!template) return;
    // A refused upload (an NSFW clip above all) is kept no longer than its analysis.
    await this.storage.remove(MediaKeys.animation(id).source);
    this.tell(template.createdBy, { templateId: id, analysis: 'failed', enabled: false, faces: 0, detail });
  }

  private async removeFiles(id: string): Promise<void> {
    const { image, thumbnail } = MediaKeys.template(id);
    const keys = templateFileKeys({ id, imageKey: image, thumbnailKey: thumbnail, analysis: 'pending' });
    await Promise.all(keys.map((key) => this.storage.remove(key)));
  }

  private tell(adminId: number | null, payload: TemplateAnalysedEvent): void {
    if (adminId !== null) this.sockets.emitToUser(adminId, 'template:analysed', payload);
  }
}
