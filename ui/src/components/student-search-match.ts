export const MIN_SEARCH_LENGTH = 2;

export interface SearchableStudent {
  id: string;
  name: string;
  grade: string;
}

/** Case-insensitive substring match on the name; nothing below 2 trimmed characters. */
export function matchStudents<T extends SearchableStudent>(students: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (needle.length < MIN_SEARCH_LENGTH) return [];
  return students.filter((student) => student.name.toLowerCase().includes(needle));
}
