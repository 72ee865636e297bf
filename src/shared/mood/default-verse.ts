/**
 * product §8: "Verse lookup failure or no match shows a default verse, Proverbs 3:5". Its text
 * ships with the client, so the verse shows when the network or the server does not answer;
 * the server's tests check it word for word against the KJV.
 */
export const defaultVerse: { reference: string; text: string; themes: readonly string[] } = {
  reference: 'Proverbs 3:5',
  text: 'Trust in the LORD with all thine heart; and lean not unto thine own understanding.',
  themes: ['trust', 'guidance'],
};
