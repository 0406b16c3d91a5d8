package site.ycsb.db.griddb;

/** {@link GridDBClient} wired to one in-memory {@link FakeStore} per JVM: a test double for engine-level unit tests. */
public class FakeStoreGridDBClient extends GridDBClient {
  static final FakeStore STORE = new FakeStore(16);

  public FakeStoreGridDBClient() {
    super(new FakeConnector(STORE));
  }
}
