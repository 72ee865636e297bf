/** The typed confirmation for deleting an account that has no password (Google sign-in). */
export const deleteConfirmationPhrase = 'DELETE';
