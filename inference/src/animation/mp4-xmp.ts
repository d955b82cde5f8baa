/**
 * XMP in an MP4: a top-level `uuid` box with XMP's UUID (BE7ACFCB-97A9-42E8-9C71-999491E3AFAC), as
 * Adobe's XMP specification (part 3) places it in ISO base media files. Appended after the last box, so
 * no chunk offset moves and a faststart file stays faststart.
 */
export const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

/** The file with the XMP packet appended as a `uuid` box. */
export function withMp4Xmp(mp4: Buffer, xmp: string): Buffer {
  const packet = Buffer.from(
    `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>${xmp}<?xpacket end="r"?>`,
  );
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + XMP_UUID.length + packet.length, 0);
  header.write('uuid', 4, 'latin1');
  return Buffer.concat([mp4, header, XMP_UUID, packet]);
}

interface Mp4Box {
  type: string;
  offset: number;
  header: number;
  size: number;
}

/** An MP4's top-level boxes, in order (faststart puts `moov` before `mdat`). */
export function mp4TopLevelBoxes(mp4: Buffer): Mp4Box[] {
  const boxes: Mp4Box[] = [];
  let offset = 0;
  while (offset + 8 <= mp4.length) {
    let size = mp4.readUInt32BE(offset);
    let header = 8;
    if (size === 1) {
      size = Number(mp4.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = mp4.length - offset;
    if (size < header) break;
    boxes.push({ type: mp4.toString('latin1', offset + 4, offset + 8), offset, header, size });
    offset += size;
  }
  return boxes;
}

/** The XMP packets of an MP4's top-level `uuid` boxes with XMP's UUID (for checks). */
export function mp4XmpPackets(mp4: Buffer): string[] {
  return mp4TopLevelBoxes(mp4)
    .filter(({ type, offset, header }) => {
      const start = offset + header;
      return type === 'uuid' && mp4.subarray(start, start + 16).equals(XMP_UUID);
    })
    .map(({ offset, header, size }) => mp4.toString('utf8', offset + header + 16, offset + size));
}
