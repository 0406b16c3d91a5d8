package site.ycsb.db.cql.profile;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.Date;
import java.util.Locale;
import java.util.UUID;

/**
 * The native CQL types a profile may generate (every native type of Cassandra 5.0), and how a value is made from a
 * value seed (and a length for text and blob). Values are the Java types the DataStax 3.x driver binds for each CQL
 * type, except for {@code date} ({@link LocalDate} of the JDK) and {@code duration} ({@link CqlDuration}): this
 * package does not see the driver, so the binding converts those two to the driver's classes before it binds
 * ({@link ProfileRequest#neutralValues()}). {@code time} is a {@code long} of nanoseconds since midnight, as the
 * driver binds it; a {@code counter} value is the increment of an update.
 *
 * <p>Immutable and thread-safe.
 */
enum ColumnType {
  TEXT(true), ASCII(true), VARCHAR(true), BLOB(true), INT(false), BIGINT(false), SMALLINT(false), TINYINT(false),
  VARINT(false), FLOAT(false), DOUBLE(false), DECIMAL(false), BOOLEAN(false), TIMESTAMP(false), INET(false),
  UUID(false), TIMEUUID(false), DATE(false), TIME(false), DURATION(false), COUNTER(false);

  /** 2000-01-01 as days since 1970-01-01: dates are spread over the following 100 years. */
  static final long EPOCH_DAY_2000 = 10957;
  /** Dates span this many days from 2000-01-01. */
  static final long DATE_SPAN_DAYS = 36525;
  /** Nanoseconds in a day: a time of day lies in 0..NANOS_PER_DAY-1. */
  static final long NANOS_PER_DAY = 86_400_000_000_000L;

  private static final char[] ALPHABET =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();
  /** 2020-01-01T00:00:00Z: timestamps are spread over the following ~35 years. */
  private static final long EPOCH_2020 = 1577836800000L;
  private final boolean sized;

  ColumnType(boolean sized) {
    this.sized = sized;
  }

  /** Whether {@code size:} applies (text, blob). */
  boolean sized() {
    return sized;
  }

  /** The type for a CQL type name, or null when profiles cannot generate it. */
  static ColumnType of(String cqlType) {
    try {
      return valueOf(cqlType.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** The value for {@code seed}; {@code length} is used by the sized types only. */
  Object value(long seed, int length) {
    switch (this) {
      case TEXT:
      case ASCII:
      case VARCHAR:
        return text(seed, length);
      case BLOB:
        return blob(seed, length);
      case INT:
        return (int) seed;
      case BIGINT:
        return seed;
      case SMALLINT:
        return (short) seed;
      case TINYINT:
        return (byte) seed;
      case VARINT:
        return BigInteger.valueOf(seed);
      case FLOAT:
        return (float) seed;
      case DOUBLE:
        return (double) seed;
      case DECIMAL:
        return BigDecimal.valueOf(seed);
      case BOOLEAN:
        return (seed & 1) == 1;
      case TIMESTAMP:
        return new Date(EPOCH_2020 + Math.floorMod(Seeds.finish(seed), 1L << 40));
      case INET:
        return inet(seed);
      case UUID:
        long h = Seeds.finish(seed);
        return new UUID((h & ~0xF000L) | 0x4000L, (Seeds.finish(h) & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L);
      case TIMEUUID:
        return timeUuid(seed);
      case DATE:
        return LocalDate.ofEpochDay(EPOCH_DAY_2000 + Math.floorMod(Seeds.finish(seed), DATE_SPAN_DAYS));
      case TIME:
        return Math.floorMod(Seeds.finish(seed), NANOS_PER_DAY);
      case DURATION:
        return duration(seed);
      case COUNTER:
        return seed;
      default:
        throw new IllegalStateException(name());
    }
  }

  static String text(long seed, int length) {
    char[] c = new char[length];
    long h = seed;
    for (int i = 0; i < length; i++) {
      h = Seeds.finish(h + i + 1);
      c[i] = ALPHABET[(int) Math.floorMod(h, (long) ALPHABET.length)];
    }
    return new String(c);
  }

  private static ByteBuffer blob(long seed, int length) {
    byte[] b = new byte[length];
    long h = seed;
    for (int i = 0; i < length; i++) {
      if (i % 8 == 0) {
        h = Seeds.finish(h + i + 1);
      }
      b[i] = (byte) (h >>> (8 * (i % 8)));
    }
    return ByteBuffer.wrap(b);
  }

  private static InetAddress inet(long seed) {
    long h = Seeds.finish(seed);
    byte[] b = {(byte) 10, (byte) (h >>> 16), (byte) (h >>> 8), (byte) h};
    try {
      return InetAddress.getByAddress(b);
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Months 0..23, days 0..30 and nanoseconds within a day, all from the seed (CQL wants one sign: all >= 0). */
  private static CqlDuration duration(long seed) {
    long h = Seeds.finish(seed);
    return new CqlDuration((int) Math.floorMod(h, 24L), (int) Math.floorMod(h >>> 8, 31L),
        Math.floorMod(Seeds.finish(h), NANOS_PER_DAY));
  }

  /** Whether a value of this type is a hash of its seed (rather than the seed as a number or an increment). */
  boolean hashed() {
    switch (this) {
      case TIMESTAMP:
      case INET:
      case UUID:
      case TIMEUUID:
      case DATE:
      case TIME:
      case DURATION:
        return true;
      default:
        return false;
    }
  }

  /** Whether values of this type are ordered in CQL (may be a key, a set element or a map key). */
  boolean comparable() {
    return this != DURATION && this != COUNTER;
  }

  /** A version-1 UUID whose 60-bit time and clock/node come from the seed. */
  private static UUID timeUuid(long seed) {
    long h = Seeds.finish(seed);
    long time = h & 0x0FFFFFFFFFFFFFFFL;
    long msb = ((time & 0xFFFFFFFFL) << 32) | (((time >>> 32) & 0xFFFFL) << 16) | 0x1000L | ((time >>> 48) & 0x0FFFL);
    long lsb = (Seeds.finish(h) & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
    return new UUID(msb, lsb);
  }
}
