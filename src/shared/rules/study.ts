// The study helps' rules (decision 023), for the server and the screens alike.

/**
 * The study data's release: a chapter's study request carries it (?v=) so the answer can be cached
 * for good, and a new release asks for new answers. A unit test checks it against the data files.
 */
export const studyDataVersion = 'ac296e9b73a0';

/** A verse gets the reader's reference mark when its best cross-reference has this many votes. */
export const strongReferenceVotes = 20;
