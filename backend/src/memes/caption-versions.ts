import { randomBytes } from 'node:crypto';

import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { analysisKeyOf, ErrorText } from '@mememint/contracts';
import { MediaStore } from '@mememint/media';

import { MediaKeys } from '../media/media-keys.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { CaptionQueue, CaptionUnavailableError } from './caption-queue.js';
import type { Meme } from './entities/meme.entity.js';

/** The files of one caption version of a meme (an animation's MP4 beside its poster). */
export interface MemeVersion {
  image: string;
  thumbnail: string;
  video: string | null;
}

export const versionOf = (meme: Meme): MemeVersion => ({
  image: meme.imageKey,
  thumbnail: meme.thumbnailKey,
  video: meme.videoKey,
});

/**
 * A meme's caption versions (issue 28 #5, issue 24): the picture drawn again for a new caption, an
 * animation's video rendered again frame by frame, and the version replaced removed from the media store.
 */
@Injectable()
export class CaptionVersions {
  constructor(
    private readonly storage: MediaStore,
    private readonly captions: CaptionQueue,
    private readonly realtime: RealtimeGateway,
  ) {}

  /**
   * A caption version no longer current leaves the media store (issue 28 #5/#10): its picture, its
   * thumbnail, an animation's video and any analysis of it, unless it is still what the meme shows or its
   * caption-less original (a result made without a caption is both).
   */
  async forget(meme: Meme, old: MemeVersion, current: MemeVersion): Promise<void> {
    if (old.image === current.image) return;
    const keep = new Set([current.image, current.thumbnail, current.video, meme.plainImageKey]);
    const keys = [old.image, old.thumbnail, old.video, analysisKeyOf(old.image)].filter(
      (key): key is string => key !== null && !keep.has(key),
    );
    await Promise.all(keys.map((key) => this.storage.remove(key)));
  }

  /**
   * Draws the meme's current caption on its caption-less picture, under new media keys; an animation's
   * on every frame of its caption-less MP4 (a worker job on the animation queue, its progress told to the
   * owner as `meme:caption-progress`).
   */
  async redraw(meme: Meme): Promise<void> {
    const keys = MediaKeys.recaption(meme.id, randomBytes(6).toString('hex'));
    const text = meme.text ?? '';
    try {
      if (meme.videoKey !== null) {
        const drawn = await this.captions.drawAnimation(
          {
            sourceKey: meme.plainImageKey!,
            text,
            videoResultKey: keys.video,
            resultKey: keys.image,
            thumbnailKey: keys.thumbnail,
          },
          (report) =>
            this.realtime.emitToUser(meme.ownerId, 'meme:caption-progress', {
              memeId: meme.id,
              progress: Math.round(report.progress),
            }),
        );
        meme.videoKey = drawn.videoKey;
        meme.imageKey = drawn.resultKey;
        meme.thumbnailKey = drawn.thumbnailKey;
        return;
      }
      const drawn = await this.captions.draw({
        sourceKey: meme.plainImageKey!,
        text,
        resultKey: keys.image,
        thumbnailKey: keys.thumbnail,
      });
      meme.imageKey = drawn.resultKey;
      meme.thumbnailKey = drawn.thumbnailKey;
    } catch (error) {
      if (error instanceof CaptionUnavailableError)
        throw new ServiceUnavailableException(ErrorText.captionUnavailable);
      throw error;
    }
  }
}
