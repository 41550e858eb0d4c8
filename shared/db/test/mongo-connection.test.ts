// No MongoDB server is needed here: these check how a bad MONGODB_URL is reported.
import { MongoConnectionError, openStore, redactMongoUrl } from '../src';

describe('MongoDB connection errors', () => {
  it('an unreachable server is a clear MongoConnectionError, not a hang', async () => {
    const error = await openStore({
      name: 'account',
      mongoUrl: 'mongodb://127.0.0.1:9/?serverSelectionTimeoutMS=300',
    }).catch((e) => e);
    expect(error).toBeInstanceOf(MongoConnectionError);
    expect(error.message).toMatch(/^Cannot connect to MongoDB at mongodb:\/\/127\.0\.0\.1:9\//);
    expect(error.message).toContain('unset MONGODB_URL to use the embedded store');
  });

  it('a malformed URL is reported the same way, without the password', async () => {
    const error = await openStore({ name: 'account', mongoUrl: 'mongo://ann:s3cret@host' }).catch((e) => e);
    expect(error).toBeInstanceOf(MongoConnectionError);
    expect(error.message).not.toContain('s3cret');
  });

  it('redacts credentials from URLs', () => {
    expect(redactMongoUrl('mongodb://ann:s3cret@db:27017/x')).toBe('mongodb://ann:***@db:27017/x');
    expect(redactMongoUrl('mongodb://db:27017/x')).toBe('mongodb://db:27017/x');
  });
});
