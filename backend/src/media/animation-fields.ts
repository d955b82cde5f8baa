import { ApiProperty } from '@nestjs/swagger';
import type { AnimationFields, MediaKind } from '@mememint/contracts';

import { mediaUrl } from './media-keys.js';

/** What a template or meme row keeps of its animation (all null for a still). */
export interface AnimationColumns {
  videoKey: string | null;
  durationMs: number | null;
  frameCount: number | null;
}

/** The DTO's animation fields from a row: `kind` follows from whether it has a video. */
export function toAnimationFields(row: Partial<AnimationColumns>): AnimationFields {
  const videoKey = row.videoKey ?? null;
  return {
    kind: videoKey ? 'animation' : 'image',
    durationMs: videoKey ? (row.durationMs ?? null) : null,
    frameCount: videoKey ? (row.frameCount ?? null) : null,
    videoUrl: videoKey ? mediaUrl(videoKey) : null,
  };
}

/** The animation fields of a template's or meme's response (Swagger). */
export class AnimationFieldsResponseDto implements AnimationFields {
  @ApiProperty({ enum: ['image', 'animation'] }) kind!: MediaKind;
  @ApiProperty({ type: Number, nullable: true, description: 'An animation’s length; null for a still' })
  durationMs!: number | null;
  @ApiProperty({ type: Number, nullable: true }) frameCount!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'An animation’s MP4 (H.264, yuv420p, faststart); `imageUrl` is its poster',
  })
  videoUrl!: string | null;
}
