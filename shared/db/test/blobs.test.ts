import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DiskBlobStore, MemoryBlobStore, openBlobStore, UPLOAD_CHUNK_BYTES, type BlobStore } from '../src';

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pharmacy-blobs-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => tempDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(stream as AsyncIterable<Buffer>)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
};

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(150_000, 1)]);

function describeBlobStore(name: string, factory: () => Promise<BlobStore>) {
  describe(`BlobStore: ${name}`, () => {
    let blobs: BlobStore;
    beforeEach(async () => {
      blobs = await factory();
    });
    afterEach(() => blobs.close());

    it('puts a blob under a new UUID and gets the same bytes and info back', async () => {
      const info = await blobs.put(PNG, { contentType: 'image/png', filename: 'box.png' });
      expect(info).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        contentType: 'image/png',
        size: PNG.length,
        createdAt: expect.any(Date),
        filename: 'box.png',
      });
      const got = await blobs.get(info.id);
      expect(got?.info).toEqual(info);
      expect((await read(got!.stream)).equals(PNG)).toBe(true);
    });

    it('deletes a blob: true once, then false, and get returns null', async () => {
      const { id } = await blobs.put(Buffer.from('x'), { contentType: 'image/webp' });
      await expect(blobs.delete(id)).resolves.toBe(true);
      await expect(blobs.delete(id)).resolves.toBe(false);
      await expect(blobs.get(id)).resolves.toBeNull();
    });

    it('an unknown id is null', async () => {
      await expect(blobs.get('2b1e8c3a-5f7d-4c1e-9a3b-0d4e6f8a1b2c')).resolves.toBeNull();
    });

    it.each(['../../etc/passwd', '..', 'a/b', '', '2b1e8c3a-5f7d-4c1e-9a3b-0d4e6f8a1b2c/../x'])(
      'a malformed id such as %j never reaches the disk',
      async (id) => {
        await expect(blobs.get(id)).resolves.toBeNull();
        await expect(blobs.delete(id)).resolves.toBe(false);
      },
    );

    it('refuses a malformed content type', async () => {
      await expect(blobs.put(Buffer.from('x'), { contentType: 'text/html\r\nX-Evil: 1' })).rejects.toThrow(
        /content type/,
      );
    });
  });
}

describeBlobStore('disk', async () => DiskBlobStore.open(path.join(tempDir(), 'media')));
describeBlobStore('memory', async () => new MemoryBlobStore());

describe('disk BlobStore layout', () => {
  it('openBlobStore keeps a file and a JSON sidecar per blob under <dataDir>/media', async () => {
    const dataDir = tempDir();
    const blobs = await openBlobStore({ name: 'catalog', dataDir });
    expect(blobs).toBeInstanceOf(DiskBlobStore);
    const { id } = await blobs.put(PNG, { contentType: 'image/png' });
    expect(readdirSync(path.join(dataDir, 'media')).sort()).toEqual([id, `${id}.json`]);
    // A file outside the media folder is out of reach even if an id pointed at it.
    writeFileSync(path.join(dataDir, 'secret'), 'x');
    await expect(blobs.get('../secret')).resolves.toBeNull();
    await expect(blobs.delete('../secret')).resolves.toBe(false);
    expect(existsSync(path.join(dataDir, 'secret'))).toBe(true);
    await blobs.close();
  });

  it('a bucket of its own is a folder of its own: the media store cannot read its blobs', async () => {
    const dataDir = tempDir();
    const media = await openBlobStore({ name: 'catalog', dataDir });
    const prescriptions = await openBlobStore({ name: 'checkout', dataDir, bucket: 'prescription-files' });
    const { id } = await prescriptions.put(PNG, { contentType: 'image/png' });
    expect(readdirSync(path.join(dataDir, 'prescription-files')).sort()).toEqual([id, `${id}.json`]);
    await expect(media.get(id)).resolves.toBeNull();
    expect((await prescriptions.get(id))?.info.size).toBe(PNG.length);
    await Promise.all([media.close(), prescriptions.close()]);
  });

  it('openBlobStore keeps blobs in memory for an in-memory store', async () => {
    await expect(openBlobStore({ name: 'catalog', inMemory: true })).resolves.toBeInstanceOf(MemoryBlobStore);
  });

  it('uploads are chunked at 64 KiB', () => {
    expect(UPLOAD_CHUNK_BYTES).toBe(65536);
  });
});
