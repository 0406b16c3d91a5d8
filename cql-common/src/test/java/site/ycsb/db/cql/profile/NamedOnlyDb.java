package site.ycsb.db.cql.profile;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.named.NamedOperationDB;

/** A stand-in for the CQL binding in unit tests: profile operations only (the key-value methods are not used). */
abstract class NamedOnlyDb extends DB implements NamedOperationDB {
  @Override
  public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
    throw new UnsupportedOperationException();
  }

  @Override
  public Status scan(String t, String s, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
    throw new UnsupportedOperationException();
  }

  @Override
  public Status update(String t, String k, Map<String, ByteIterator> v) {
    throw new UnsupportedOperationException();
  }

  @Override
  public Status insert(String t, String k, Map<String, ByteIterator> v) {
    throw new UnsupportedOperationException();
  }

  @Override
  public Status delete(String t, String k) {
    throw new UnsupportedOperationException();
  }
}
