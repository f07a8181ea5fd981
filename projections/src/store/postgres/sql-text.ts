/** A table or index name as SQL text. */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * A document field's name as an SQL string literal. Field names come from the code's named queries, never from a
 * request; they are written into the text (not bound) so that the planner matches the field's expression index.
 */
export const fieldLiteral = (field: string): string => `'${field.replace(/'/g, "''")}'`;

/** PostgreSQL's answer to a statement on a table that another node's swap dropped. */
export const isMissingTable = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '42P01';

const slug = (name: string): string => name.replace(/[^A-Za-z0-9]/g, '_').slice(0, 40);
/** A build's table: `created` (unique per build) keeps builds apart and the name within PostgreSQL's 63 characters. */
export const physicalName = (created: number, collection: string): string => `rm_${created}_${slug(collection)}`;
export const stateName = (name: string): string => `state_${slug(name)}`;
/** The index of one filtered field of one table, named by a short hash of both. */
export const filterIndexName = (physical: string, field: string, hash: (text: string) => string): string => `fx_${hash(`${physical}\u0000${field}`)}`;
