/** The key of a (project, collection) in the maps of collections: both names, NUL between them. */
export const collectionKey = (project: string, collection: string): string => `${project}\u0000${collection}`;
