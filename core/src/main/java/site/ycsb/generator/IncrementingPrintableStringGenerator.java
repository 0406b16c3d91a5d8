package site.ycsb.generator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fixed-length strings that count up like an odometer over a character set: with the set {@code 0-9A-Za-z} and
 * length 3 the values are {@code 000, 001, ..., 00z, 010, ...}. After the last combination it starts again (or
 * throws {@link NoSuchElementException} if {@link #setThrowExceptionOnRollover(boolean)} was set). Each call takes
 * the next sequence number from an atomic counter, so concurrent callers never get the same value in one cycle.
 *
 * <p>Thread-safe: the sequence is an atomic counter, and the last value is published.
 */
public class IncrementingPrintableStringGenerator extends Generator<String> {
  /** Length used by the no-argument constructor. */
  public static final int DEFAULTSTRINGLENGTH = 8;

  /** Every {@link Character#getType(int)} type except control, format, surrogate, private-use and unassigned. */
  public static final Set<Integer> CHAR_TYPES_ALL_BUT_CONTROL;
  /** Upper- and lower-case letters. */
  public static final Set<Integer> CHAR_TYPES_BASIC_ALPHA;
  /** Upper- and lower-case letters and decimal digits. */
  public static final Set<Integer> CHAR_TYPES_BASIC_ALPHANUMERICS;
  /** All letter and number types. */
  public static final Set<Integer> CHAR_TYPE_EXTENDED_ALPHANUMERICS;

  static {
    Set<Integer> all = new HashSet<>();
    for (int t = 0; t <= 30; t++) {
      all.add(t);
    }
    all.removeAll(Arrays.asList((int) Character.CONTROL, (int) Character.FORMAT, (int) Character.SURROGATE,
        (int) Character.PRIVATE_USE, (int) Character.UNASSIGNED));
    CHAR_TYPES_ALL_BUT_CONTROL = Collections.unmodifiableSet(all);
    CHAR_TYPES_BASIC_ALPHA = Collections.unmodifiableSet(new HashSet<>(Arrays.asList(
        (int) Character.UPPERCASE_LETTER, (int) Character.LOWERCASE_LETTER)));
    CHAR_TYPES_BASIC_ALPHANUMERICS = Collections.unmodifiableSet(new HashSet<>(Arrays.asList(
        (int) Character.UPPERCASE_LETTER, (int) Character.LOWERCASE_LETTER, (int) Character.DECIMAL_DIGIT_NUMBER)));
    CHAR_TYPE_EXTENDED_ALPHANUMERICS = Collections.unmodifiableSet(new HashSet<>(Arrays.asList(
        (int) Character.UPPERCASE_LETTER, (int) Character.LOWERCASE_LETTER, (int) Character.TITLECASE_LETTER,
        (int) Character.MODIFIER_LETTER, (int) Character.OTHER_LETTER, (int) Character.DECIMAL_DIGIT_NUMBER,
        (int) Character.LETTER_NUMBER, (int) Character.OTHER_NUMBER)));
  }

  private final int length;
  private final int[] characterSet;
  /** Number of distinct strings, or Long.MAX_VALUE when that does not fit in a long. */
  private final long combinations;
  private final AtomicLong sequence = new AtomicLong();
  private volatile boolean throwExceptionOnRollover;
  private volatile String last;

  /** Strings of {@link #DEFAULTSTRINGLENGTH} characters from {@link #printableBasicAlphaNumericASCIISet()}. */
  public IncrementingPrintableStringGenerator() {
    this(DEFAULTSTRINGLENGTH, printableBasicAlphaNumericASCIISet());
  }

  /** Strings of {@code length} characters from {@link #printableBasicAlphaNumericASCIISet()}. */
  public IncrementingPrintableStringGenerator(int length) {
    this(length, printableBasicAlphaNumericASCIISet());
  }

  /**
   * @param length number of characters per string, &gt; 0
   * @param characterSet code points in counting order (the first is the "zero" digit), not empty
   */
  public IncrementingPrintableStringGenerator(int length, int[] characterSet) {
    if (length <= 0) {
      throw new IllegalArgumentException("IncrementingPrintableStringGenerator: length must be positive, got "
          + length);
    }
    if (characterSet == null || characterSet.length == 0) {
      throw new IllegalArgumentException("IncrementingPrintableStringGenerator: the character set is empty");
    }
    for (int cp : characterSet) {
      if (!Character.isValidCodePoint(cp)) {
        throw new IllegalArgumentException("IncrementingPrintableStringGenerator: invalid code point " + cp);
      }
    }
    this.length = length;
    this.characterSet = characterSet.clone();
    long c = 1;
    for (int i = 0; i < length && c != Long.MAX_VALUE; i++) {
      c = c > Long.MAX_VALUE / characterSet.length ? Long.MAX_VALUE : c * characterSet.length;
    }
    this.combinations = c;
  }

  /**
   * The next string.
   *
   * @throws NoSuchElementException when all combinations were used and rollover exceptions are enabled
   */
  @Override
  public String nextValue() {
    long n = sequence.getAndIncrement();
    if (n >= combinations && throwExceptionOnRollover) {
      throw new NoSuchElementException("IncrementingPrintableStringGenerator: all " + combinations
          + " strings of length " + length + " were generated");
    }
    long v = combinations == Long.MAX_VALUE ? n : n % combinations;
    int[] digits = new int[length];
    int base = characterSet.length;
    for (int i = length - 1; i >= 0 && v > 0; i--) {
      digits[i] = (int) (v % base);
      v /= base;
    }
    StringBuilder sb = new StringBuilder(length);
    for (int d : digits) {
      sb.appendCodePoint(characterSet[d]);
    }
    String s = sb.toString();
    last = s;
    return s;
  }

  /** The last string generated (null before the first). */
  @Override
  public String lastValue() {
    return last;
  }

  /** Whether {@link #nextValue()} throws instead of starting again once every combination was used. */
  public void setThrowExceptionOnRollover(boolean exceptionOnRollover) {
    this.throwExceptionOnRollover = exceptionOnRollover;
  }

  /** Whether rollover throws (see {@link #setThrowExceptionOnRollover(boolean)}). */
  public boolean getThrowExceptionOnRollover() {
    return throwExceptionOnRollover;
  }

  /** ASCII letters {@code A-Za-z}. */
  public static int[] printableBasicAlphaASCIISet() {
    return toArray(generatePrintableCharacterSet(0, 127, null, false, CHAR_TYPES_BASIC_ALPHA));
  }

  /** ASCII digits and letters {@code 0-9A-Za-z}. */
  public static int[] printableBasicAlphaNumericASCIISet() {
    return toArray(generatePrintableCharacterSet(0, 127, null, false, CHAR_TYPES_BASIC_ALPHANUMERICS));
  }

  /** Every printable ASCII character, space to tilde. */
  public static int[] fullPrintableBasicASCIISet() {
    return toArray(generatePrintableCharacterSet(32, 127, null, false, null));
  }

  /** Every printable ASCII character plus line feed and carriage return. */
  public static int[] fullPrintableBasicASCIISetWithNewlines() {
    List<Integer> set = new ArrayList<>();
    set.add(10);
    set.add(13);
    set.addAll(generatePrintableCharacterSet(32, 127, null, false, null));
    return toArray(set);
  }

  /** Letters and decimal digits of the Basic Multilingual Plane. */
  public static int[] printableAlphaNumericPlaneZeroSet() {
    return toArray(generatePrintableCharacterSet(0, 0xFFFF, null, false, CHAR_TYPES_BASIC_ALPHANUMERICS));
  }

  /** Every assigned, non-control character of the Basic Multilingual Plane. */
  public static int[] fullPrintablePlaneZeroSet() {
    return toArray(generatePrintableCharacterSet(0, 0xFFFF, null, false, CHAR_TYPES_ALL_BUT_CONTROL));
  }

  /**
   * The code points in {@code [startCodePoint, lastCodePoint]}, in order, that are printable (not ISO control,
   * surrogate, private-use or unassigned) and pass the filters.
   *
   * @param characterTypesFilter {@link Character#getType(int)} types to keep or drop; null for no filter
   * @param isFilterAllowableList true: keep only the filter's types; false: drop the filter's types
   * @param allowableTypes if not null, only these types are kept
   */
  public static List<Integer> generatePrintableCharacterSet(int startCodePoint, int lastCodePoint,
      Set<Integer> characterTypesFilter, boolean isFilterAllowableList, Set<Integer> allowableTypes) {
    List<Integer> set = new ArrayList<>();
    int from = Math.max(0, startCodePoint);
    int to = Math.min(Character.MAX_CODE_POINT, lastCodePoint);
    for (int cp = from; cp <= to; cp++) {
      int type = Character.getType(cp);
      if (!CHAR_TYPES_ALL_BUT_CONTROL.contains(type)) {
        continue;
      }
      if (allowableTypes != null && !allowableTypes.contains(type)) {
        continue;
      }
      if (characterTypesFilter != null && characterTypesFilter.contains(type) != isFilterAllowableList) {
        continue;
      }
      set.add(cp);
    }
    return set;
  }

  private static int[] toArray(List<Integer> list) {
    int[] a = new int[list.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = list.get(i);
    }
    return a;
  }
}
