// The study notes for offline use (decision 023, "Offline"): every chapter's study data in one
// response, and the Strong's dictionaries, both named by this release's data (?v=).
import { studyDataVersion } from '#shared/rules/study.ts';

/** GET /api/study/download?v=: one chapter's study data a line, Genesis 1 to Revelation 22. */
export const studyDownloadUrl = `/api/study/download?v=${studyDataVersion}`;

export class StudyDownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StudyDownloadError';
  }
}

/** Asks for one of the download's two responses; answers the body as it streams in. */
export async function requestStudyFile(url: string, signal: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new StudyDownloadError(
      navigator.onLine
        ? 'Grounded could not be reached. Please try again in a moment.'
        : 'You are offline. Connect to the internet to download the study notes.',
    );
  }
  if (!response.ok || !response.body) {
    throw new StudyDownloadError(`The server answered ${response.status}. Please try again.`);
  }
  return response;
}
