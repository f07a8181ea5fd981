/**
 * 'Room 204' from the room a class was given: an SIS or a teacher often types the word already ('Room 112'), and the
 * label must not read 'Room Room 112'. The same holds for the period ('Period 3' typed as the period).
 */
const labelled = (word: string, value: string): string => (value.trim().toLowerCase().startsWith(word.toLowerCase()) ? value.trim() : `${word} ${value.trim()}`);

export const roomLabel = (room: string): string => labelled('Room', room);
export const periodLabel = (period: string): string => labelled('Period', period);
