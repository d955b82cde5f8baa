import { ApiProperty } from '@nestjs/swagger';
import type { FeedAuthorDto, FeedItemDto } from '@mememint/contracts';

import { MemeResponseDto } from '../../memes/dto/meme.dto.js';
import { type MemeDtoSource, toMemeDto } from '../../memes/memes.service.js';
import type { FeedItemRow } from '../feed.repository.js';

export class FeedAuthorResponseDto implements FeedAuthorDto {
  @ApiProperty() tgId!: number;
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
  @ApiProperty({ type: String, nullable: true }) firstName!: string | null;
  @ApiProperty({ type: String, nullable: true }) photoUrl!: string | null;
}

/** A meme as the deck and the feed show it (flat: every MemeDto field, plus author and voted). */
export class FeedItemResponseDto extends MemeResponseDto implements FeedItemDto {
  @ApiProperty({ type: FeedAuthorResponseDto }) author!: FeedAuthorResponseDto;
  @ApiProperty({ type: Number, nullable: true, description: 'The player’s stake on it, null when not voted' })
  voted!: number | null;
}

export function toFeedItemDto(row: FeedItemRow): FeedItemDto {
  const meme: MemeDtoSource = {
    id: row.id,
    shareId: row.share_id,
    text: row.text,
    isPublished: row.is_published,
    imageKey: row.image_key,
    thumbnailKey: row.thumbnail_key,
    width: row.width,
    height: row.height,
    generationId: row.generation_id,
    templateId: row.template_id,
    likes: row.likes,
    createdAt: row.created_at,
    publishedAt: row.published_at,
    videoKey: row.video_key,
    durationMs: row.duration_ms,
    frameCount: row.frame_count,
  };
  return {
    ...toMemeDto(meme),
    author: {
      tgId: Number(row.author_tg_id),
      username: row.author_username,
      firstName: row.author_first_name,
      photoUrl: row.author_photo_url,
    },
    voted: row.voted,
  };
}
