// The study helps' rules (decision 023), for the server and the screens alike.

/**
 * The study data's release: a chapter's study request carries it (?v=) so the answer can be cached
 * for good, and a new release asks for new answers. A unit test checks it against the data files.
 */
export const studyDataVersion = '155affbeb4c5';

/** A verse gets the reader's reference mark when its best cross-reference has this many votes. */
export const strongReferenceVotes = 20;

/** Shown wherever Matthew Henry's notes appear. */
export const commentaryAttribution = "Matthew Henry's Concise Commentary (public domain)";
