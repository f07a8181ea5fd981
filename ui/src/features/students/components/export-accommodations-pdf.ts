import { ApiRequestError } from '../../../lib/api-client.ts';
import { readerTimeZoneQuery } from '../../../lib/reader-time-zone.ts';

const FALLBACK_NAME = 'accommodations.pdf';

/** The filename the server suggests in Content-Disposition, else a neutral one. */
export function filenameFrom(disposition: string | null): string {
  if (!disposition) return FALLBACK_NAME;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // fall through to the plain filename
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? FALLBACK_NAME;
}

/** Fetches the server-made PDF and hands it to the browser as a download. */
export async function exportAccommodationsPdf(studentId: string): Promise<string> {
  const response = await fetch(`/api/students/${encodeURIComponent(studentId)}/accommodations.pdf?${readerTimeZoneQuery()}`, {
    credentials: 'include',
    headers: { Accept: 'application/pdf' },
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiRequestError(response.status, text, null, response.statusText);
  }
  const blob = await response.blob();
  const filename = filenameFrom(response.headers.get('Content-Disposition'));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
