/**
 * product §8: "Verse lookup failure or no match shows a default verse, Proverbs 3:5", given with
 * verse 6, which ends its sentence (verse 5 alone stops on a colon in the ASV). Its text ships
 * with the client, so the verse shows when the network or the server does not answer;
 * the server's tests check it word for word against the KJV.
 */
export const defaultVerse: { reference: string; text: string; themes: readonly string[] } = {
  reference: 'Proverbs 3:5-6',
  text:
    'Trust in the LORD with all thine heart; and lean not unto thine own understanding. ' +
    'In all thy ways acknowledge him, and he shall direct thy paths.',
  themes: ['trust', 'guidance'],
};
