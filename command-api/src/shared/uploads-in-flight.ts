/**
 * Uploads whose bytes are stored but whose event is not yet in the log, by student, in this process. Erasing the
 * student deletes their bytes too: until the event lands, nothing else says whose they are.
 */
const inFlight = new Map<string, Set<string>>();

export const uploadsInFlight = {
  begin(studentId: string, documentId: string): void {
    const documents = inFlight.get(studentId) ?? new Set<string>();
    inFlight.set(studentId, documents.add(documentId));
  },
  end(studentId: string, documentId: string): void {
    const documents = inFlight.get(studentId);
    documents?.delete(documentId);
    if (documents?.size === 0) inFlight.delete(studentId);
  },
  of: (studentId: string): string[] => [...(inFlight.get(studentId) ?? [])],
};
