import { GridFSBucket, MongoClient } from 'mongodb';
import { assertBlobId, type DocumentBlobStore } from './document-blob-store.ts';

const BUCKET = 'documents';

/**
 * Document bytes in MongoDB GridFS, beside the read models, when MONGODB_URL is set.
 * Files are named by document id; a replacement uploads first, then removes the older copies.
 */
export function gridFsBlobStore(mongodbUrl: string, options: { dbName?: string } = {}): DocumentBlobStore {
  const client = new MongoClient(mongodbUrl);
  let bucket: Promise<GridFSBucket> | null = null;
  const open = () => (bucket ??= client.connect().then((connected) => new GridFSBucket(connected.db(options.dbName), { bucketName: BUCKET })));

  const filesOf = async (id: string) => (await open()).find({ filename: id }, { sort: { uploadDate: 1 } }).toArray();

  return {
    async put(id, bytes) {
      assertBlobId(id);
      const gridFs = await open();
      const older = await filesOf(id);
      await new Promise<void>((resolve, reject) => {
        const upload = gridFs.openUploadStream(id);
        upload.once('finish', () => resolve());
        upload.once('error', reject);
        upload.end(bytes);
      });
      for (const file of older) await gridFs.delete(file._id);
    },
    async get(id) {
      assertBlobId(id);
      const newest = (await filesOf(id)).at(-1);
      if (!newest) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of (await open()).openDownloadStream(newest._id)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async delete(id) {
      assertBlobId(id);
      const gridFs = await open();
      for (const file of await filesOf(id)) await gridFs.delete(file._id);
    },
    async close() {
      await client.close();
    },
  };
}
