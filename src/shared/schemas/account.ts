export { deleteConfirmationPhrase } from '#shared/rules/account.ts';
import { z } from 'zod';
import { deleteConfirmationPhrase } from '#shared/rules/account.ts';

export const deleteAccountRequestSchema = z.union([
  z.object({ password: z.string().min(1, 'Enter your password to confirm.').max(1024) }),
  z.object({
    confirmation: z.literal(deleteConfirmationPhrase, {
      error: `Type ${deleteConfirmationPhrase} to confirm.`,
    }),
  }),
]);
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** GET /api/account/export.zip?format=: the open exports (decision 026). */
export const openExportFormats = ['markdown', 'csv'] as const;
export type OpenExportFormat = (typeof openExportFormats)[number];
export const openExportQuerySchema = z.object({
  format: z.enum(openExportFormats, { error: 'Choose markdown or csv.' }),
});
