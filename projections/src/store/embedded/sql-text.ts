/** A table or index name as SQL text. */
export const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/** The JSON path of a top-level document field, for json_extract. */
export const fieldPath = (field: string): string => `$."${field.replace(/"/g, '\\"')}"`;

/** SQLite's answer to a statement on a table another connection (or this one) has dropped. */
export const isMissingTable = (error: unknown): boolean => error instanceof Error && error.message.startsWith('no such table');
