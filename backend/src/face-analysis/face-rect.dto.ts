import { ApiProperty } from '@nestjs/swagger';
import type { FaceRect, MemeFacesDto } from '@mememint/contracts';

export class FaceRectDto implements FaceRect {
  @ApiProperty({ description: 'Left edge, in the image’s pixels' }) x!: number;
  @ApiProperty({ description: 'Top edge (hairline), in the image’s pixels' }) y!: number;
  @ApiProperty() width!: number;
  @ApiProperty() height!: number;
}

export class MemeFacesResponseDto implements MemeFacesDto {
  @ApiProperty() width!: number;
  @ApiProperty() height!: number;
  @ApiProperty({
    type: [FaceRectDto],
    description: 'Largest first: `faces` of a generation indexes this list',
  })
  faces!: FaceRectDto[];
}
