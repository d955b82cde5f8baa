import type { FaceRect } from '@mememint/contracts';
import { useState } from 'react';

/**
 * The image with a frame around each face the analysis found, numbered as players choose them. A clip
 * (`videoUrl`) shows its poster frame with the frames; they hide while it plays (its faces move).
 */
export function FacesPreview({
  imageUrl,
  videoUrl,
  width,
  height,
  faces,
}: {
  imageUrl: string;
  videoUrl?: string | null;
  width: number;
  height: number;
  faces: FaceRect[];
}) {
  const [playing, setPlaying] = useState(false);
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <div className="console-faces" data-testid="template-faces">
      {videoUrl ? (
        <video
          src={videoUrl}
          poster={imageUrl}
          preload="auto"
          muted
          loop
          playsInline
          controls
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        />
      ) : (
        <img src={imageUrl} alt="" />
      )}
      {!playing &&
        faces.map((face, index) => (
          <span
            key={index}
            className="console-faces__box"
            data-testid="face-box"
            style={{
              left: percent(face.x, width),
              top: percent(face.y, height),
              width: percent(face.width, width),
              height: percent(face.height, height),
            }}
          >
            {index + 1}
          </span>
        ))}
    </div>
  );
}
