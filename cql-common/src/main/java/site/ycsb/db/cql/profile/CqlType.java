package site.ycsb.db.cql.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A column's CQL type as a profile generates it: a native type ({@link ColumnType}) or a {@code list}, {@code set} or
 * {@code map} of them, frozen or not, nested through {@code frozen<...>}. {@link #parse} reads the type text of a
 * {@code CREATE TABLE} column and refuses what profiles cannot generate, with a one-line reason. Immutable.
 *
 * <p>A collection value is made from one value seed like text is: its element count is drawn from the column's
 * {@code size}, and element i (map key and value) from a hash of the seed and i; a text or blob element's length is
 * drawn from the same {@code size}. So the column's {@code population} is the number of distinct collections, as it
 * is the number of distinct strings for text. A set (a map) holds fewer than the drawn count when element values
 * (keys) coincide, e.g. a {@code set<boolean>} holds at most two.
 */
final class CqlType {
  /** What a type is. */
  enum Kind { NATIVE, LIST, SET, MAP }

  final Kind kind;
  /** The native type ({@link Kind#NATIVE} only). */
  final ColumnType nativeType;
  /** List/set element, map key (null for a native type). */
  final CqlType element;
  /** Map value (maps only). */
  final CqlType value;
  final boolean frozen;

  private CqlType(Kind kind, ColumnType nativeType, CqlType element, CqlType value, boolean frozen) {
    this.kind = kind;
    this.nativeType = nativeType;
    this.element = element;
    this.value = value;
    this.frozen = frozen;
  }

  static CqlType nativeType(ColumnType t) {
    return new CqlType(Kind.NATIVE, t, null, null, false);
  }

  boolean isCollection() {
    return kind != Kind.NATIVE;
  }

  boolean is(ColumnType t) {
    return kind == Kind.NATIVE && nativeType == t;
  }

  /** Whether {@code size:} applies (text, blob, collections). */
  boolean sized() {
    return isCollection() || nativeType.sized();
  }

  /** Whether this type or one of its elements is {@code t}. */
  boolean contains(ColumnType t) {
    return is(t) || element != null && element.contains(t) || value != null && value.contains(t);
  }

  /** How many levels of collections (0 for a native type). */
  int depth() {
    return kind == Kind.NATIVE ? 0 : 1 + Math.max(element.depth(), value == null ? 0 : value.depth());
  }

  /** The CQL text of the type (lower case, as parsed). */
  @Override
  public String toString() {
    String inner;
    switch (kind) {
      case NATIVE:
        return nativeType.name().toLowerCase(Locale.ROOT);
      case MAP:
        inner = "map<" + element + ", " + value + ">";
        break;
      default:
        inner = kind.name().toLowerCase(Locale.ROOT) + "<" + element + ">";
    }
    return frozen ? "frozen<" + inner + ">" : inner;
  }

  /**
   * The collection for the (mixed) value seed {@code seed}: element count and text/blob element lengths from
   * {@code size}; null-free; sets and map keys without repeats (so possibly fewer than the count).
   */
  Object collection(long seed, Distribution size) {
    int n = (int) size.sample(Seeds.unit(Seeds.mix(seed, 3)));
    switch (kind) {
      case LIST:
        List<Object> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          list.add(element.elementValue(Seeds.mix(seed, i, 12), size));
        }
        return Collections.unmodifiableList(list);
      case SET:
        Set<Object> set = new LinkedHashSet<>();
        for (int i = 0; i < n; i++) {
          set.add(element.elementValue(Seeds.mix(seed, i, 12), size));
        }
        return Collections.unmodifiableSet(set);
      case MAP:
        Map<Object, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
          map.putIfAbsent(element.elementValue(Seeds.mix(seed, i, 12), size),
              value.elementValue(Seeds.mix(seed, i, 13), size));
        }
        return Collections.unmodifiableMap(map);
      default:
        throw new IllegalStateException("not a collection: " + this);
    }
  }

  /** A value of this type inside a collection, from a hash: numbers span their type's range. */
  private Object elementValue(long hash, Distribution size) {
    if (isCollection()) {
      return collection(hash, size);
    }
    int length = nativeType.sized() ? (int) size.sample(Seeds.unit(Seeds.mix(hash, 3))) : 0;
    return nativeType.value(hash, length);
  }

  /**
   * Parses a column's type text ({@code int}, {@code list<text>}, {@code map<text, frozen<set<int>>>}; any case and
   * spacing).
   *
   * @throws IllegalArgumentException with a one-line reason (without file or column) when the text is malformed or
   *     names a type profiles cannot generate
   */
  static CqlType parse(String text) {
    try {
      Parser p = new Parser(text);
      CqlType t = p.type(false, false);
      if (p.pos < p.tokens.size()) {
        String next = p.tokens.get(p.pos);
        if (next.equalsIgnoreCase("static")) {
          throw new IllegalArgumentException("static columns are not supported");
        }
        throw new IllegalArgumentException("unexpected '" + next + "' after the type");
      }
      return t;
    } catch (IllegalArgumentException e) {
      // A quoted name may hold line breaks: the reason stays one line.
      throw new IllegalArgumentException(e.getMessage().replaceAll("\\s+", " "));
    }
  }

  /** The deepest nesting of {@code <...>} read (deeper text is refused before the recursion could exhaust the stack). */
  static final int MAX_NESTING = 16;

  /** A recursive-descent reader of the type tokens: names, quoted names, '<', '>', ','. */
  private static final class Parser {
    final List<String> tokens = new ArrayList<>();
    int pos;
    int nesting;

    Parser(String text) {
      int i = 0;
      while (i < text.length()) {
        char c = text.charAt(i);
        if (Character.isWhitespace(c)) {
          i++;
        } else if (c == '<' || c == '>' || c == ',') {
          tokens.add(String.valueOf(c));
          i++;
        } else if (c == '"' || c == '\'') {
          int end = text.indexOf(c, i + 1);
          while (end >= 0 && end + 1 < text.length() && text.charAt(end + 1) == c) {
            end = text.indexOf(c, end + 2); // a doubled quote is part of the name
          }
          if (end < 0) {
            throw new IllegalArgumentException("unclosed " + c + " in the type");
          }
          tokens.add(text.substring(i, end + 1));
          i = end + 1;
        } else {
          int start = i;
          while (i < text.length() && !Character.isWhitespace(text.charAt(i)) && "<>,\"'".indexOf(text.charAt(i)) < 0) {
            i++;
          }
          tokens.add(text.substring(start, i));
        }
      }
    }

    private String next(String expected) {
      if (pos >= tokens.size()) {
        throw new IllegalArgumentException("ends where " + expected + " was expected");
      }
      return tokens.get(pos++);
    }

    private boolean peek(String token) {
      return pos < tokens.size() && tokens.get(pos).equals(token);
    }

    /** A type; {@code inCollection}: it is an element, key or value; {@code frozen}: it is inside frozen<>. */
    CqlType type(boolean inCollection, boolean frozen) {
      String name = next("a type");
      if (name.startsWith("'")) {
        throw new IllegalArgumentException("custom types (" + name + ") are not supported");
      }
      if (name.startsWith("\"")) {
        throw new IllegalArgumentException(name + " is a user-defined type; user-defined types are not supported");
      }
      if (name.equals("<") || name.equals(">") || name.equals(",")) {
        throw new IllegalArgumentException("'" + name + "' where a type name was expected");
      }
      String lower = name.toLowerCase(Locale.ROOT);
      switch (lower) {
        case "frozen": {
          List<CqlType> args = args(lower, 1, inCollection, true);
          CqlType inner = args.get(0);
          if (!inner.isCollection()) {
            throw new IllegalArgumentException("frozen<" + inner + ">: frozen<...> takes a collection (a native type "
                + "is frozen already)");
          }
          return new CqlType(inner.kind, null, inner.element, inner.value, true);
        }
        case "list":
        case "set":
        case "map": {
          if (inCollection && !frozen) {
            throw new IllegalArgumentException("a " + lower + " inside a collection must be frozen<" + lower
                + "<...>> (CQL has no non-frozen nested collections)");
          }
          List<CqlType> args = args(lower, lower.equals("map") ? 2 : 1, true, frozen);
          CqlType first = args.get(0);
          if (!lower.equals("list") && first.contains(ColumnType.DURATION)) {
            throw new IllegalArgumentException(lower + (lower.equals("set") ? " elements" : " keys")
                + " cannot be durations (a duration has no order in CQL)");
          }
          Kind kind = lower.equals("list") ? Kind.LIST : lower.equals("set") ? Kind.SET : Kind.MAP;
          return new CqlType(kind, null, first, args.size() > 1 ? args.get(1) : null, false);
        }
        case "tuple":
          throw new IllegalArgumentException("tuple types are not supported (native types and list/set/map of them "
              + "are)");
        case "vector":
          throw new IllegalArgumentException("vector types are not supported (the 3.x drivers cannot bind them)");
        default:
          break;
      }
      ColumnType t = ColumnType.of(lower);
      if (t == null || !lower.matches("[a-z]+")) {
        throw new IllegalArgumentException("'" + name + "' is not a native CQL type; user-defined types are not "
            + "supported");
      }
      if (peek("<")) {
        throw new IllegalArgumentException("'" + lower + "' takes no type parameters");
      }
      if (t == ColumnType.COUNTER && inCollection) {
        throw new IllegalArgumentException("a counter cannot be inside a collection");
      }
      return nativeType(t);
    }

    /** {@code <type, ...>} with exactly {@code n} types. */
    private List<CqlType> args(String of, int n, boolean inCollection, boolean frozen) {
      if (!peek("<")) {
        throw new IllegalArgumentException(of + " needs " + (n == 1 ? "a type" : n + " types") + " in <...>");
      }
      if (++nesting > MAX_NESTING) {
        throw new IllegalArgumentException("nested deeper than " + MAX_NESTING + " levels of <...>");
      }
      pos++;
      List<CqlType> args = new ArrayList<>();
      while (true) {
        args.add(type(inCollection, frozen));
        String sep = next("',' or '>'");
        if (sep.equals(">")) {
          break;
        }
        if (!sep.equals(",")) {
          throw new IllegalArgumentException("'" + sep + "' where ',' or '>' was expected in " + of + "<...>");
        }
      }
      nesting--;
      if (args.size() != n) {
        throw new IllegalArgumentException(of + "<...> takes " + n + " type" + (n == 1 ? "" : "s") + ", got "
            + args.size());
      }
      return args;
    }
  }
}
