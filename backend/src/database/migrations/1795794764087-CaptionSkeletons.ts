import type { MigrationInterface, QueryRunner } from 'typeorm';
import { normalizeCaption } from '@mememint/contracts';

const BATCH = 1000;

/**
 * Captions are compared by a stricter key (invisible characters removed, lookalike letters of other
 * scripts and accents folded): every meme's `normalized_text` is computed again. Published memes keep
 * their order of publishing: when two of them now share a key (one got past the old rule with a
 * disguise), the first keeps it and the later one a key of its own, so both stay published and the
 * caption stays taken.
 */
export class CaptionSkeletons1795794764087 implements MigrationInterface {
  name = 'CaptionSkeletons1795794764087';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'UPDATE "memes" SET "normalized_text" = NULL WHERE "normalized_text" IS NOT NULL',
    );
    const taken = new Set<string>();
    let after: { publishedFirst: number; at: string; id: string } | null = null;
    for (;;) {
      // Published first (by when), then the rest; keyset paging on (unpublished, published_at, id).
      const rows: { id: string; text: string; is_published: boolean; at: string }[] = await queryRunner.query(
        `SELECT "id", "text", "is_published", coalesce("published_at", 'epoch')::text AS "at" FROM "memes"
          WHERE "text" IS NOT NULL
            AND ($1::int IS NULL OR (NOT "is_published")::int > $1
                 OR ((NOT "is_published")::int = $1 AND (coalesce("published_at", 'epoch'), "id") > ($2::timestamptz, $3::uuid)))
          ORDER BY (NOT "is_published")::int, coalesce("published_at", 'epoch'), "id"
          LIMIT ${BATCH}`,
        [after?.publishedFirst ?? null, after?.at ?? null, after?.id ?? null],
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        let key = normalizeCaption(row.text);
        if (key !== null && row.is_published) {
          if (taken.has(key)) key = `${key} ${row.id}`;
          taken.add(key);
        }
        if (key !== null)
          await queryRunner.query('UPDATE "memes" SET "normalized_text" = $1 WHERE "id" = $2', [key, row.id]);
      }
      const last = rows[rows.length - 1]!;
      after = { publishedFirst: last.is_published ? 0 : 1, at: last.at, id: last.id };
    }
  }

  async down(): Promise<void> {
    // The stricter keys stay: the former ones let disguised copies through.
  }
}
