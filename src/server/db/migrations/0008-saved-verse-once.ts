import { sql, type Kysely } from 'kysely';

/**
 * A person keeps a verse once (docs/product.md §4, Toggles): saving it again, from a reload, another device
 * or two quick presses, used to add a second row, and /saved-verses listed it twice. The
 * duplicates already saved go, keeping the first save of each (its note and date are the ones
 * the person has seen longest); then a unique index makes the database refuse another, so
 * saving can insert … on conflict do nothing however many requests race.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The id breaks a tie between equal times: ids are time-ordered (decision 008).
  await sql`
    delete from saved_verses
    where exists (
      select 1 from saved_verses as earlier
      where earlier.user_id = saved_verses.user_id
        and earlier.reference = saved_verses.reference
        and (
          earlier.created_at < saved_verses.created_at
          or (earlier.created_at = saved_verses.created_at and earlier.id < saved_verses.id)
        )
    )
  `.execute(db);
  await db.schema
    .createIndex('saved_verses_user_reference_idx')
    .on('saved_verses')
    .columns(['user_id', 'reference'])
    .unique()
    .execute();
}
