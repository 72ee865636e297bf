import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#server/app-error.ts';
import type { Translations } from '#server/bible/translations.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { translations as translationList } from '#shared/bible/translation-list.ts';
import { defaultTranslation } from '#shared/bible/translations.ts';
import type { OpenExportFormat } from '#shared/schemas/account.ts';
import { byteOrderMark, csvRecord } from './csv.ts';
import type { ExportKind, ExportSource } from './kind.ts';
import { exportKinds } from './kinds.ts';
import { zipStream, type ZipEntry } from './zip-file.ts';

/** Text gathered to about this size before it is handed on, so a row is not a chunk. */
const chunkChars = 16 * 1024;

async function* csvFile(kind: ExportKind, source: ExportSource): AsyncGenerator<string> {
  let text = byteOrderMark + csvRecord(kind.csv.header);
  for await (const record of kind.csv.records(source)) {
    text += csvRecord(record);
    if (text.length >= chunkChars) {
      yield text;
      text = '';
    }
  }
  yield text;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The member's notes, highlights, journal and saved verses as a zip of Markdown or CSV files
 * (decision 026), written as it is read: each kind's rows a batch at a time, each file deflated
 * as it goes, so the memory held is a batch and the deflater's window whatever the account's
 * size. The account is looked up before the stream starts (a missing one is an ordinary 404); a
 * failure part way destroys the stream, so the download fails instead of leaving a zip that
 * looks complete, as the JSON export does.
 */
export async function openExportStream(
  {
    db,
    clock,
    translations,
    log,
  }: { db: Db; clock: Clock; translations: Translations; log?: FastifyBaseLogger },
  userId: string,
  format: OpenExportFormat,
): Promise<Readable> {
  const account = await db
    .selectFrom('users')
    .leftJoin('user_settings', 'user_settings.user_id', 'users.id')
    .select(['users.id', 'user_settings.translation', 'user_settings.reminder_timezone'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!account) throw new AppError('NOT_FOUND', 'Your account was not found.');
  const translation = account.translation ?? defaultTranslation;
  const zone = account.reminder_timezone;
  const exportedAt = clock.now();
  const source: ExportSource = {
    db,
    userId,
    bible: translations.get(translation),
    translationName:
      translationList.find(({ id }) => id === translation)?.name ?? 'King James Version',
    timeZone: zone && isTimeZone(zone) ? zone : 'UTC',
    exportedAt,
  };
  const extension = format === 'markdown' ? 'md' : 'csv';
  const entries: ZipEntry[] = exportKinds.map((kind) => ({
    name: `${kind.file}.${extension}`,
    // Not object mode: a file's next batch is read only once what it holds is taken.
    content: Readable.from(format === 'markdown' ? kind.markdown(source) : csvFile(kind, source), {
      objectMode: false,
    }),
    mtime: exportedAt,
  }));
  const output = zipStream(entries);
  output.on('error', (error) => {
    log?.error({ err: error }, 'An open export failed part way; the download was cut off.');
  });
  return output;
}
